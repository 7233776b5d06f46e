#!/usr/bin/env bash
# A real load balancer in front of portal instances: HAProxy from Debian, round robin, active
# health checks on GET /readyz, retries that never repeat a request the portal may have acted on.
#
#   bash .ci/services/balancer.sh install                      HAProxy from apt when missing
#   bash .ci/services/balancer.sh start PORT BACKEND_PORT...   config in a new temporary directory,
#        HAProxy daemonised on 127.0.0.1:PORT; prints BALANCER_DIR=… and BALANCER_PID=… lines
#   bash .ci/services/balancer.sh stop DIR                     stops it and removes DIR
#
# docs/operations.md ("Running several instances") explains each setting for a production balancer.
set -euo pipefail

install_haproxy() {
  command -v haproxy >/dev/null 2>&1 && return 0
  # apt would start Debian's haproxy service on port 80: a policy-rc.d that answers 101 keeps
  # it from starting any service; ours is removed again, one that was already there is kept.
  local own_policy=""
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
    chmod +x /usr/sbin/policy-rc.d
    own_policy=1
  fi
  local status=0
  if ! apt-cache policy haproxy 2>/dev/null | grep -q 'Candidate: [0-9]'; then apt-get update -qq || status=$?; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends haproxy >/dev/null || status=$?
  if [ -n "$own_policy" ]; then rm -f /usr/sbin/policy-rc.d; fi
  return "$status"
}

write_config() { # DIR PORT BACKEND_PORT...
  local dir=$1 port=$2
  shift 2
  local n=0
  cat >"$dir/haproxy.cfg" <<EOF
global
    daemon
    pidfile $dir/haproxy.pid
    maxconn 4096

defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout http-request 10s
    timeout queue 10s
    option forwardfor

frontend portal
    bind 127.0.0.1:$port
    default_backend instances

backend instances
    balance roundrobin
    # Ready means database, migrations, change feed and storage (GET /readyz). Checked every
    # 250 ms, out after 2 failures, back after 2 passes: a draining instance, which fails
    # readiness before it stops accepting, leaves rotation within about half a second.
    option httpchk
    http-check send meth GET uri /readyz
    http-check expect status 200
    default-server inter 250ms fastinter 250ms downinter 500ms fall 2 rise 2
    # A check may take up to 5 s: an instance busy with a burst of readers is slow, not gone (a
    # draining instance answers 503, a stopped one refuses the connection, both without waiting).
    timeout check 5s
    # Fail open: when every instance fails its checks at once (a machine so busy that the checks
    # time out), send to all of them rather than answer 503 to everyone, as cloud balancers do.
    # A stopped instance then refuses the connection and the request goes on to the next one.
    option allbackups
    # A new connection per request: no idle connection to an instance that is closing can
    # swallow a request that was already sent.
    option http-server-close
    # Retries: a connection that could not be made never carried the request, so any method is
    # retried on the next instance (redispatch). A request that was sent and got no answer is
    # retried only when repeating it is harmless (GET, HEAD, OPTIONS: media and tus offset
    # reads); the portal's POST calls and tus PATCHes are not repeated (a tus client resumes by
    # asking HEAD for the offset).
    retries 3
    option redispatch 1
    retry-on conn-failure empty-response response-timeout
    acl idempotent method GET HEAD OPTIONS
    http-request disable-l7-retry if !idempotent
    # Which instance answered (the test reads it; harmless in production, or drop it).
    http-response set-header X-Served-By %[srv_name]
EOF
  for backend in "$@"; do
    n=$((n + 1))
    printf '    server portal%d 127.0.0.1:%s check\n' "$n" "$backend" >>"$dir/haproxy.cfg"
  done
  n=0
  for backend in "$@"; do
    n=$((n + 1))
    printf '    server portal%d-failopen 127.0.0.1:%s backup\n' "$n" "$backend" >>"$dir/haproxy.cfg"
  done
}

start_balancer() { # PORT BACKEND_PORT...
  if [ $# -lt 2 ]; then
    echo "usage: $0 start PORT BACKEND_PORT..." >&2
    return 2
  fi
  install_haproxy
  local dir
  dir=$(mktemp -d "${TMPDIR:-/tmp}/balancer-XXXXXX")
  write_config "$dir" "$@"
  haproxy -c -q -f "$dir/haproxy.cfg"
  haproxy -f "$dir/haproxy.cfg"
  for _ in $(seq 1 50); do [ -s "$dir/haproxy.pid" ] && break; sleep 0.1; done
  echo "BALANCER_DIR=$dir"
  echo "BALANCER_PID=$(cat "$dir/haproxy.pid")"
}

stop_balancer() { # DIR
  local dir=${1:?usage: $0 stop DIR}
  if [ -s "$dir/haproxy.pid" ]; then kill "$(cat "$dir/haproxy.pid")" 2>/dev/null || true; fi
  rm -rf "$dir"
}

case "${1:-}" in
  install) install_haproxy ;;
  start) shift && start_balancer "$@" ;;
  stop) shift && stop_balancer "$@" ;;
  *)
    echo "usage: $0 install | start PORT BACKEND_PORT... | stop DIR" >&2
    exit 2
    ;;
esac
