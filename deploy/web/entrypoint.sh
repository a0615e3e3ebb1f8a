#!/bin/sh
# Start of the web and pages images (deploy/web/Containerfile): write the deploy-time documents from
# the environment into the host's folder (refused, exit 2, when a production setting is wrong), then
# run nginx with a configuration generated from the same settings, or the page server.
set -eu
node /opt/hub/deploy-documents.mjs --out /srv/hub/host
case "${1:-nginx}" in
  nginx)
    node /opt/hub/nginx-config.mjs --out "${HUB_NGINX_RUNTIME_DIR:-/tmp/nginx}/nginx.conf"
    exec nginx -e stderr -c "${HUB_NGINX_RUNTIME_DIR:-/tmp/nginx}/nginx.conf" -g 'daemon off;'
    ;;
  pages)
    exec node /opt/hub/page-server.mjs
    ;;
  *)
    echo "unknown role: $1 (nginx or pages)" >&2
    exit 2
    ;;
esac
