#!/usr/bin/env bash
# A scheduled backup of the portal (run by portal-respaldo.timer or cron), then the retention.
# Every backup is a folder RESPALDOS_DIR/AAAA-MM-DDTHH-MM-SSZ made by `npm run respaldo`; only
# folders holding a manifiesto.json are complete. Kept: the newest RESPALDOS_DIARIOS backups, plus
# the newest of each of the last RESPALDOS_MENSUALES months. An unfinished folder (no manifest)
# older than a day is removed. Reads the portal's own environment (DATA_DIR, DATABASE_URL, S3_*,
# SIGNING_P12) as the server does: run it with the same EnvironmentFile.
set -euo pipefail

PORTAL_DIR=${PORTAL_DIR:-/opt/portal}
RESPALDOS_DIR=${RESPALDOS_DIR:-/var/backups/portal}
RESPALDOS_DIARIOS=${RESPALDOS_DIARIOS:-14}
RESPALDOS_MENSUALES=${RESPALDOS_MENSUALES:-12}

mkdir -p "$RESPALDOS_DIR"
chmod 700 "$RESPALDOS_DIR"
destino="$RESPALDOS_DIR/$(date -u +%Y-%m-%dT%H-%M-%SZ)"
cd "$PORTAL_DIR"
node --import tsx scripts/respaldo.ts "$destino"

# Retention: names sort by time, newest last.
mapfile -t completos < <(find "$RESPALDOS_DIR" -mindepth 2 -maxdepth 2 -name manifiesto.json -printf '%h\n' | sort)
declare -A conservar=()
total=${#completos[@]}
for ((i = total - RESPALDOS_DIARIOS; i < total; i++)); do
  ((i >= 0)) && conservar["${completos[$i]}"]=1
done
declare -A meses=()
for ((i = total - 1; i >= 0; i--)); do
  mes=$(basename "${completos[$i]}" | cut -c1-7)
  if [[ -z ${meses[$mes]:-} && ${#meses[@]} -lt $RESPALDOS_MENSUALES ]]; then
    meses[$mes]=1
    conservar["${completos[$i]}"]=1
  fi
done
for carpeta in "${completos[@]}"; do
  [[ -n ${conservar[$carpeta]:-} ]] || rm -rf -- "$carpeta"
done
# Unfinished backups (a crash, a full disk) older than a day.
find "$RESPALDOS_DIR" -mindepth 1 -maxdepth 1 -type d -mmin +1440 '!' -exec test -e '{}/manifiesto.json' ';' -exec rm -rf -- '{}' +
echo "Respaldos conservados en $RESPALDOS_DIR: $(find "$RESPALDOS_DIR" -mindepth 2 -maxdepth 2 -name manifiesto.json | wc -l)"
