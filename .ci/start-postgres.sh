#!/usr/bin/env bash
# Starts a private PostgreSQL cluster (15 or newer) as the postgres user on a free port,
# installing Debian's server package first when it is missing. Prints the database URL.
set -euo pipefail

find_bin() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    [ -x "$dir/initdb" ] && { echo "$dir"; return 0; }
  done
  return 1
}

if ! PGBIN=$(find_bin); then
  echo "PostgreSQL server not found: installing Debian's postgresql package" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >&2
  PGBIN=$(find_bin)
fi

PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
PGDATA=$(mktemp -d /tmp/herd-pg-XXXXXX)
chown postgres:postgres "$PGDATA"
run_pg() { su postgres -s /bin/bash -c "$*"; }
run_pg "$PGBIN/initdb -D $PGDATA -U postgres --auth=trust -E UTF8 >/dev/null"
run_pg "$PGBIN/pg_ctl -D $PGDATA -o '-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off' -l $PGDATA/server.log -w start >/dev/null"
echo "$PGDATA" > /tmp/herd-ci-pgdata
echo "postgres://postgres@127.0.0.1:$PORT/postgres"
