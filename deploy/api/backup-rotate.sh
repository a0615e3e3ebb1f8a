#!/bin/sh
# One dated backup of the database (the image's `backup` role) into a folder, then the backups
# older than a number of days removed. compose.yaml's backup service runs it daily; so does the
# Kubernetes CronJob (kubernetes/backup/).
#   backup-rotate.sh <folder> <days kept>
set -eu
folder=${1:?usage: backup-rotate.sh <folder> <days kept>}
days=${2:?usage: backup-rotate.sh <folder> <days kept>}
file="$folder/hub-$(date -u +%Y%m%dT%H%M%SZ).dump"
node /app/dist/main.js backup "$file"
echo "backup written: $file"
find "$folder" -name 'hub-*.dump' -mtime "+$days" -print -delete
