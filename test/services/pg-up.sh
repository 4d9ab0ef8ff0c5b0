#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers on 127.0.0.1:5432 for the test suite.
# Uses the running server when there is one; otherwise starts Debian's cluster,
# installing PostgreSQL from Debian's packages when it is missing (needs root).
set -euo pipefail
ready() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; }
if command -v pg_isready >/dev/null && ready; then echo "postgres: already running on 127.0.0.1:5432"; exit 0; fi
if ! command -v pg_ctlcluster >/dev/null; then
  echo "postgres: installing Debian's postgresql"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
version=$(ls /etc/postgresql | sort -V | tail -n 1)
if ! pg_lsclusters -h | grep -q "^$version *main"; then pg_createcluster "$version" main >/dev/null; fi
conf="/etc/postgresql/$version/main"
# Local tests connect as postgres over loopback without a password.
if ! grep -q '^host all all 127.0.0.1/32 trust' "$conf/pg_hba.conf"; then
  sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$conf/pg_hba.conf"
fi
pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
for _ in $(seq 1 100); do ready && break; sleep 0.1; done
ready || { echo "postgres: did not come up on 127.0.0.1:5432" >&2; exit 1; }
echo "postgres: started cluster $version/main on 127.0.0.1:5432"
