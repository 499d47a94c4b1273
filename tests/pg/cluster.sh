#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests, owned by the run that starts it:
# trust authentication, a Unix socket in its own folder plus 127.0.0.1 on a free
# port, durability off (fsync, full-page writes) because nothing in it outlives
# the run, and the C.UTF-8 locale so text sorts byte-wise as on SQLite.
#
#   tests/pg/cluster.sh start [DIR]   create and start a cluster in DIR (default: a new temp folder);
#                                     prints its URL: postgres://postgres@127.0.0.1:PORT/postgres
#   tests/pg/cluster.sh stop DIR      stop it and delete DIR
#   tests/pg/cluster.sh bindir        print the folder of PostgreSQL's programs (fails when not installed)
#
# As root the server runs as the `postgres` user (initdb refuses root).
set -euo pipefail

bindir() {
  local dir="${PG_BINDIR:-}"
  if [ -z "$dir" ] && command -v pg_config >/dev/null 2>&1; then dir="$(pg_config --bindir 2>/dev/null || true)"; fi
  if [ -z "$dir" ] || [ ! -x "$dir/initdb" ]; then
    dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  fi
  if [ -z "$dir" ] || [ ! -x "$dir/initdb" ] || [ ! -x "$dir/pg_ctl" ]; then
    echo "PostgreSQL's server programs (initdb, pg_ctl) were not found; install them (Debian: apt-get install postgresql) or set PG_BINDIR" >&2
    return 1
  fi
  echo "$dir"
}

# Runs a command as the cluster's owner.
as_owner() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"
}

start() {
  local bin dir port
  bin="$(bindir)"
  if [ -n "${1:-}" ]; then
    dir="$1"
    mkdir -p "$dir"
  else
    dir="$(mktemp -d "${TMPDIR:-/tmp}/campus-pg-XXXXXX")"
    echo "cluster folder: $dir (stop it with: $0 stop $dir)" >&2
  fi
  dir="$(cd "$dir" && pwd)"
  if [ "$(id -u)" = 0 ]; then chown postgres "$dir"; fi
  chmod 700 "$dir"
  as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; return 1; }
  for attempt in 1 2 3; do
    port="$(free_port)"
    if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 60 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
      start >/dev/null; then
      echo "postgres://postgres@127.0.0.1:$port/postgres" >"$dir/url"
      cat "$dir/url"
      return 0
    fi
    echo "PostgreSQL did not start on port $port (attempt $attempt)" >&2
  done
  cat "$dir/log" >&2 || true
  return 1
}

stop() {
  local dir="${1:?usage: cluster.sh stop DIR}" bin
  [ -d "$dir/data" ] || { rm -rf "$dir"; return 0; }
  bin="$(bindir)"
  as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}

case "${1:-}" in
  start) shift; start "$@" ;;
  stop) shift; stop "$@" ;;
  bindir) bindir ;;
  *) echo "usage: $0 start [DIR] | stop DIR | bindir" >&2; exit 2 ;;
esac
