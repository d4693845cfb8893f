#!/usr/bin/env bash
# Starts (or stops) a throwaway PostgreSQL cluster on loopback for tests.
#   eval "$(bash scripts/pg-temp.sh start)"   -> exports DATABASE_URL and PG_TEMP_DIR
#   bash scripts/pg-temp.sh stop "$PG_TEMP_DIR"
set -euo pipefail
cmd=${1:-start}
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bindir" ]; then
  echo "PostgreSQL server binaries not found: install the Debian package 'postgresql'." >&2
  exit 1
fi
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "$cmd" in
  start)
    port=${PG_TEMP_PORT:-54329}
    # First port from there on that nothing listens on.
    while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
    dir=$(mktemp -d /tmp/pg-temp.XXXXXX)
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_pg "$bindir/initdb" -D "$dir/data" -U shop --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1
    as_pg "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=200 -c fsync=off" start >/dev/null || {
      echo "PostgreSQL did not start; its log:" >&2
      cat "$dir/server.log" >&2
      exit 1
    }
    as_pg "$bindir/createdb" -h 127.0.0.1 -p "$port" -U shop shop
    echo "export DATABASE_URL=postgres://shop@127.0.0.1:$port/shop PG_TEMP_DIR=$dir"
    ;;
  stop)
    dir=${2:?usage: pg-temp.sh stop DIR}
    as_pg "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
    rm -rf "$dir"
    ;;
  *) echo "usage: pg-temp.sh start|stop DIR" >&2; exit 2 ;;
esac
