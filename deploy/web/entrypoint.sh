#!/bin/sh
# Start of the web and pages images (deploy/web/Containerfile): write the deploy-time documents from
# the environment into the host's folder (refused, exit 2, when a production setting is wrong), then
# run nginx with a configuration generated from the same settings, or the page server. The bundled
# commands (deploy-documents.mjs, nginx-config.mjs, page-server.mjs) sit beside this script.
set -eu
bin=$(dirname "$0")
role=${1:-nginx}
case "$role" in
  nginx)
    node "$bin/deploy-documents.mjs" --out "${HUB_NGINX_ROOT:-/srv/hub}/host"
    conf="${HUB_NGINX_RUNTIME_DIR:-/tmp/nginx}/nginx.conf"
    node "$bin/nginx-config.mjs" --out "$conf"
    exec nginx -e stderr -c "$conf" -g 'daemon off;'
    ;;
  pages)
    node "$bin/deploy-documents.mjs" --out "${HUB_PAGE_SERVER_ROOT:-/srv/hub/host}"
    exec node "$bin/page-server.mjs"
    ;;
  *)
    echo "unknown role: $role (nginx or pages)" >&2
    exit 2
    ;;
esac
