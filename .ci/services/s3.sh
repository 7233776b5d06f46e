#!/usr/bin/env bash
# A real S3-compatible store for the tests: a single-node OpenStack Swift with its s3api
# middleware (tempauth users, memcached for their tokens), on free ports, under a temporary
# directory. Installs Debian's Swift packages when they are missing (without starting the
# system's own services). Prints only `export S3_TEST_…=…` lines on standard output, for
#   eval "$(bash .ci/services/s3.sh)"
# and everything else on standard error. The servers keep running after the script; the last
# line printed names the file with their process ids (kill them to stop the store).
set -euo pipefail

say() { echo "s3.sh: $*" >&2; }
fail() {
  say "FAILED: $*"
  exit 1
}

BUCKET=portal-test
ACCOUNT=ci
USER_NAME=ci
SECRET="ci-secret-$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')"
REGION=us-east-1
RUN_AS=$(id -un)

# ---- packages ----------------------------------------------------------------------------
if ! command -v swift-proxy-server >/dev/null 2>&1 || ! command -v memcached >/dev/null 2>&1; then
  say "installing swift and memcached from Debian (about a minute)"
  made_policy=false
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    # Keeps apt from starting the system's Swift and memcached services.
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
    chmod +x /usr/sbin/policy-rc.d
    made_policy=true
  fi
  apt_log=$(mktemp)
  if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    swift swift-proxy swift-object swift-container swift-account memcached; } >"$apt_log" 2>&1; then
    tail -20 "$apt_log" >&2
    $made_policy && rm -f /usr/sbin/policy-rc.d
    fail "apt-get could not install swift"
  fi
  $made_policy && rm -f /usr/sbin/policy-rc.d
fi

# Every Swift server reads /etc/swift/swift.conf (the hash suffix and the storage policy).
if [ ! -f /etc/swift/swift.conf ]; then
  mkdir -p /etc/swift
  cat >/etc/swift/swift.conf <<EOF
[swift-hash]
swift_hash_path_suffix = $(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')

[storage-policy:0]
name = Policy-0
default = yes
EOF
fi

# Swift's own Python (a python3 earlier on PATH, pyenv's for one, lacks its modules).
PY=$(head -1 "$(command -v swift-proxy-server)" | sed -E 's/^#! *//; s/ .*//')
[ -x "$PY" ] || PY=/usr/bin/python3

# ---- a temporary directory and free ports ------------------------------------------------
WORK=$(mktemp -d "${TMPDIR:-/tmp}/portal-s3.XXXXXX")
mkdir -p "$WORK/etc" "$WORK/srv/d1" "$WORK/log" "$WORK/run"
"$PY" - "$WORK/srv/d1" <<'EOF' || fail "the temporary directory does not support user xattrs (Swift needs them); set TMPDIR to ext4, xfs or overlayfs"
import os, sys
os.setxattr(sys.argv[1], 'user.swift-check', b'1')
EOF

read -r PROXY_PORT ACCOUNT_PORT CONTAINER_PORT OBJECT_PORT MEMCACHED_PORT < <("$PY" - <<'EOF'
import socket
socks = []
for _ in range(5):
    s = socket.socket()
    s.bind(('127.0.0.1', 0))
    socks.append(s)
print(' '.join(str(s.getsockname()[1]) for s in socks))
EOF
)

# ---- rings: one replica, one device, built in one Python run -----------------------------
"$PY" - "$WORK/etc" "$ACCOUNT_PORT" "$CONTAINER_PORT" "$OBJECT_PORT" <<'EOF' || fail "could not build the rings"
import os, sys
from swift.common.ring import RingBuilder
etc = sys.argv[1]
for name, port in (('account', sys.argv[2]), ('container', sys.argv[3]), ('object', sys.argv[4])):
    b = RingBuilder(6, 1, 1)
    b.add_dev({'id': 0, 'region': 1, 'zone': 1, 'ip': '127.0.0.1', 'port': int(port), 'device': 'd1', 'weight': 100, 'meta': ''})
    b.rebalance()
    b.get_ring().save(os.path.join(etc, name + '.ring.gz'))
EOF

# ---- configuration -----------------------------------------------------------------------
for kind in account container object; do
  port_var="$(echo "$kind" | tr a-z A-Z)_PORT"
  cat >"$WORK/etc/$kind-server.conf" <<EOF
[DEFAULT]
bind_ip = 127.0.0.1
bind_port = ${!port_var}
workers = 0
mount_check = false
user = $RUN_AS
devices = $WORK/srv
swift_dir = $WORK/etc
log_level = WARNING

[pipeline:main]
pipeline = $kind-server

[app:$kind-server]
use = egg:swift#$kind

[$kind-replicator]
[$kind-updater]
[$kind-auditor]
EOF
done

cat >"$WORK/etc/proxy-server.conf" <<EOF
[DEFAULT]
bind_ip = 127.0.0.1
bind_port = $PROXY_PORT
workers = 0
user = $RUN_AS
swift_dir = $WORK/etc
log_level = WARNING

[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats s3api tempauth copy slo dlo proxy-logging proxy-server

[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true

[filter:s3api]
use = egg:swift#s3api
location = $REGION

[filter:tempauth]
use = egg:swift#tempauth
user_${ACCOUNT}_${USER_NAME} = $SECRET .admin .reseller_admin

[filter:cache]
use = egg:swift#memcache
memcache_servers = 127.0.0.1:$MEMCACHED_PORT

[filter:catch_errors]
use = egg:swift#catch_errors

[filter:gatekeeper]
use = egg:swift#gatekeeper

[filter:healthcheck]
use = egg:swift#healthcheck

[filter:proxy-logging]
use = egg:swift#proxy_logging

[filter:listing_formats]
use = egg:swift#listing_formats

[filter:copy]
use = egg:swift#copy

[filter:slo]
use = egg:swift#slo

[filter:dlo]
use = egg:swift#dlo
EOF

# ---- start -------------------------------------------------------------------------------
PIDS="$WORK/run/pids"
: >"$PIDS"
start() { # name, command…
  local name=$1
  shift
  nohup "$@" >"$WORK/log/$name.log" 2>&1 </dev/null &
  echo $! >>"$PIDS"
}
start memcached memcached -u "$RUN_AS" -l 127.0.0.1 -p "$MEMCACHED_PORT" -U 0
for kind in account container object; do start "$kind" "swift-$kind-server" "$WORK/etc/$kind-server.conf"; done
start proxy swift-proxy-server "$WORK/etc/proxy-server.conf"

stop_all() { kill $(cat "$PIDS") 2>/dev/null || true; }
give_up() {
  for f in "$WORK"/log/*.log; do tail -n 5 "$f" >&2; done
  stop_all
  fail "$*"
}

# Ready when tempauth hands out a token (proxy and memcached up) and the bucket can be created
# (account and container servers up). The bucket is a Swift container of the tempauth account,
# created through Swift's own API.
base="http://127.0.0.1:$PROXY_PORT"
status=none
for _ in $(seq 1 60); do
  headers=$(curl -s -m 5 -D - -o /dev/null -H "X-Auth-User: $ACCOUNT:$USER_NAME" -H "X-Auth-Key: $SECRET" "$base/auth/v1.0" | tr -d '\r' || true)
  token=$(sed -n 's/^X-Auth-Token: //Ip' <<<"$headers" | head -1)
  storage_url=$(sed -n 's/^X-Storage-Url: //Ip' <<<"$headers" | head -1)
  if [ -n "$token" ] && [ -n "$storage_url" ]; then
    status=$(curl -s -m 5 -o /dev/null -w '%{http_code}' -X PUT -H "X-Auth-Token: $token" "$storage_url/$BUCKET" || true)
    case "$status" in 201 | 202) break ;; esac
  fi
  sleep 0.5
done
case "$status" in
  201 | 202) ;;
  none) give_up "no token from tempauth on port $PROXY_PORT within 30 s" ;;
  *) give_up "creating the bucket answered $status" ;;
esac
say "swift with s3api ready at $base, bucket $BUCKET (logs and data in $WORK)"

echo "export S3_TEST_ENDPOINT=$base"
echo "export S3_TEST_BUCKET=$BUCKET"
echo "export S3_TEST_ACCESS_KEY_ID=$ACCOUNT:$USER_NAME"
echo "export S3_TEST_SECRET_ACCESS_KEY=$SECRET"
echo "export S3_TEST_REGION=$REGION"
echo "export S3_TEST_PIDS_FILE=$PIDS"
