#!/bin/sh
# One dated backup of the database (the image's `backup` role, dist/main.js beside this script) into
# a folder, then the backups older than a number of days removed; a failed backup removes nothing.
# compose.yaml's backup service runs it daily; so does the Kubernetes CronJob (kubernetes/backup/).
#   backup-rotate.sh <folder> <days kept>
set -eu
app=$(dirname "$0")
folder=${1:?usage: backup-rotate.sh <folder> <days kept>}
days=${2:?usage: backup-rotate.sh <folder> <days kept>}
file="$folder/hub-$(date -u +%Y%m%dT%H%M%SZ).dump"
# Written under another name and renamed once complete: a failed dump leaves no file that looks good.
partial="$file.partial"
trap 'rm -f "$partial"' EXIT
node "$app/dist/main.js" backup "$partial"
mv "$partial" "$file"
echo "backup written: $file"
find "$folder" -name 'hub-*.dump' -mtime "+$days" -print -delete
