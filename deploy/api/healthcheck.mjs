// The images' health check (no curl or wget in a slim image): GET a path of this container's own
// server, or a whole URL, and exit 0 on a 2xx answer, 1 otherwise. Used by the Containerfiles'
// HEALTHCHECK and compose.yaml; Kubernetes uses its own httpGet probes on the same paths.
//   node healthcheck.mjs /api/health/ready        (http://127.0.0.1:$PORT/api/health/ready)
//   node healthcheck.mjs http://127.0.0.1:8080/remotes.json
const target = process.argv[2] ?? '/api/health/live';
const url = /^https?:\/\//.test(target) ? target : `http://127.0.0.1:${process.env.PORT || 8080}${target}`;
try {
  const answer = await fetch(url, { signal: AbortSignal.timeout(4000) });
  process.exit(answer.ok ? 0 : 1);
} catch {
  process.exit(1);
}
