#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the test suite and prints its admin URL.
#   scripts/pg-throwaway.sh start [DIR] [PORT]   → prints postgres://postgres@127.0.0.1:PORT/postgres
#   scripts/pg-throwaway.sh stop  [DIR]
# Uses Debian's postgresql binaries, or those in PG_BINDIR (e.g. the embedded PostgreSQL's, from npm).
# As root, the server runs as the "postgres" system user.
set -euo pipefail
cmd=${1:-start}
dir=${2:-/tmp/ic-test-pg}
port=${3:-54329}

bindir=${PG_BINDIR:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
[ -x "$bindir/initdb" ] || { echo "PostgreSQL server binaries not found in '$bindir' (apt-get install -y postgresql)" >&2; exit 1; }

as_pg() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$cmd" in
  start)
    if [ ! -f "$dir/PG_VERSION" ]; then
      mkdir -p "$dir"
      [ "$(id -u)" = "0" ] && chown postgres:postgres "$dir"
      as_pg "$bindir/initdb" -D "$dir" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
    fi
    if ! as_pg "$bindir/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
      as_pg "$bindir/pg_ctl" -D "$dir" -w -t 60 -l "$dir/server.log" \
        -o "-p $port -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null
    fi
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_pg "$bindir/pg_ctl" -D "$dir" -m fast stop >/dev/null 2>&1 || true
    ;;
  *)
    echo "usage: $0 start|stop [DIR] [PORT]" >&2
    exit 2
    ;;
esac
