#!/usr/bin/env bash
# A throw-away PostgreSQL server on loopback, for the tests and the queue benchmark.
#
#   Scripts/postgres-test-server.sh start DIR PORT [durable]   initdb into DIR (created, must not exist yet
#                                                              or be empty), start on 127.0.0.1:PORT (or the
#                                                              next free port above it) with its unix socket
#                                                              in DIR, create database `glint`; prints the URL
#                                                              on standard output
#   Scripts/postgres-test-server.sh stop DIR                   stop the server and remove DIR
#
# Runs initdb and postgres as the `postgres` user when started as root (PostgreSQL refuses to run as
# root), as the calling user otherwise. Without `durable` the server trades crash safety for speed
# (fsync off, as a test database can): `durable` keeps PostgreSQL's defaults (the benchmark uses it so
# that every queue it compares pays for real commits).
set -euo pipefail

command=${1:?usage: $0 start DIR PORT [durable] | stop DIR}
dir=${2:?usage: $0 start DIR PORT [durable] | stop DIR}

bindir=$(pg_config --bindir 2>/dev/null || true)
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
fi
[ -x "$bindir/initdb" ] || { echo "postgres-test-server: no PostgreSQL server (initdb) found: install postgresql" >&2; exit 1; }

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$command" in
start)
  port=${3:?usage: $0 start DIR PORT [durable]}
  durability=${4:-fast}
  mkdir -p "$dir"
  [ -z "$(ls -A "$dir")" ] || { echo "postgres-test-server: $dir is not empty" >&2; exit 1; }
  [ "$(id -u)" = 0 ] && chown postgres: "$dir"
  chmod 700 "$dir"
  # Another checkout's tests may hold the port: take the next free one.
  for _ in $(seq 50); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || break
    port=$((port + 1))
  done
  as_owner "$bindir/initdb" -D "$dir/data" -U glint --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; echo "postgres-test-server: initdb failed" >&2; exit 1; }
  settings=(-c listen_addresses=127.0.0.1 -c "port=$port" -c "unix_socket_directories=$dir" -c max_connections=300
    -c shared_buffers=256MB -c log_min_messages=warning)
  if [ "$durability" != durable ]; then
    settings+=(-c fsync=off -c synchronous_commit=off -c full_page_writes=off)
  fi
  as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -o "${settings[*]}" start >/dev/null ||
    { cat "$dir/server.log" >&2; echo "postgres-test-server: the server did not start on port $port" >&2; exit 1; }
  as_owner "$bindir/createdb" -h 127.0.0.1 -p "$port" -U glint glint
  echo "postgres://glint@127.0.0.1:$port/glint"
  ;;
stop)
  if [ -f "$dir/data/postmaster.pid" ]; then
    as_owner "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null || true
  fi
  rm -rf "$dir"
  ;;
*)
  echo "usage: $0 start DIR PORT [durable] | stop DIR" >&2
  exit 2
  ;;
esac
