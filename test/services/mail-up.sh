#!/bin/bash
# Real mail stack for tests on Debian 12, no systemd, as root, loopback only:
#   SMTP (OpenSMTPD, plain, no auth)        127.0.0.1:12525  -> LMTP -> Dovecot
#   Submission (Dovecot, STARTTLS + AUTH)   127.0.0.1:12587  -> relays to 12525
#   IMAP (Dovecot, STARTTLS optional)       127.0.0.1:11143
#   LMTP (Dovecot, internal)                127.0.0.1:12424
# Users (passwd-file): orders@, alice@, bob@pbem.test, password "<local>-pw". Mail stored as uid "mail".
# usage: test/services/mail-up.sh [ROOT]   (default /tmp/pbem-mail); stop with test/services/mail-down.sh [ROOT]
set -euo pipefail
ROOT=${1:-/tmp/pbem-mail}
USERS=${MAIL_USERS:-"orders alice bob carol"}
DOMAIN=pbem.test

listening() { ss -Hltn "sport = :$1" | grep -q LISTEN; }
if listening 11143 && listening 12525 && listening 12587; then
  echo "mail: already running (IMAP 11143, SMTP 12525, submission 12587)"
  exit 0
fi

if ! command -v smtpd >/dev/null || ! [ -x /usr/lib/dovecot/submission ] || ! [ -x /usr/lib/dovecot/lmtp ]; then
  t=$(date +%s.%N)
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    dovecot-imapd dovecot-lmtpd dovecot-submissiond opensmtpd >/dev/null
  echo "apt install: $(awk -v a="$t" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s"
fi

mkdir -p "$ROOT"/{run,log,state,vmail,tls}
chmod 755 "$ROOT"; chown mail:mail "$ROOT/vmail"

# self-signed ECDSA cert for STARTTLS (clients pin tls/mx.crt as CA, servername mx.pbem.test)
[ -f "$ROOT/tls/mx.crt" ] || openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
  -days 3650 -subj "/CN=mx.$DOMAIN" -addext "subjectAltName=DNS:mx.$DOMAIN" \
  -keyout "$ROOT/tls/mx.key" -out "$ROOT/tls/mx.crt" 2>/dev/null
chmod 600 "$ROOT/tls/mx.key"

: > "$ROOT/users"; : > "$ROOT/vusers"
for u in $USERS; do
  echo "$u@$DOMAIN:{PLAIN}$u-pw::::::" >> "$ROOT/users"
  echo "$u@$DOMAIN   mail" >> "$ROOT/vusers"
done
chown root:dovecot "$ROOT/users"; chmod 640 "$ROOT/users"

cat > "$ROOT/dovecot.conf" <<EOF
# Dovecot 2.3 (dovecot-imapd dovecot-lmtpd dovecot-submissiond), no systemd.
# check: dovecot -n -c $ROOT/dovecot.conf    start: dovecot -F -c $ROOT/dovecot.conf
base_dir   = $ROOT/run/
state_dir  = $ROOT/state
log_path   = $ROOT/log/dovecot.log
instance_name = pbem-dovecot
protocols = imap lmtp submission
listen    = 127.0.0.1
hostname  = mx.$DOMAIN
ssl       = yes
ssl_cert  = <$ROOT/tls/mx.crt
ssl_key   = <$ROOT/tls/mx.key
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
first_valid_uid = 8
first_valid_gid = 8
mail_location = maildir:~/Maildir
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $ROOT/users
}
userdb {
  driver = passwd-file
  args = username_format=%u $ROOT/users
  default_fields = uid=mail gid=mail home=$ROOT/vmail/%d/%n
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = 11143
  }
  inet_listener imaps {
    port = 0
  }
}
submission_relay_host = 127.0.0.1
submission_relay_port = 12525
service submission-login {
  inet_listener submission {
    address = 127.0.0.1
    port = 12587
  }
  inet_listener submissions {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = 12424
  }
}
protocol lmtp {
  postmaster_address = postmaster@$DOMAIN
}
protocol imap {
  mail_max_userip_connections = 50
}
EOF

cat > "$ROOT/smtpd.conf" <<EOF
# OpenSMTPD 6.8 (opensmtpd), no systemd.  check: smtpd -n -f $ROOT/smtpd.conf   start: smtpd -d -f $ROOT/smtpd.conf
# Spool /var/spool/smtpd and socket /var/run/smtpd.sock are compiled in: one instance per machine.
# No TLS: Debian 12's OpenSMTPD 6.8.0p2 with OpenSSL 3 fails every TLS handshake ("EVP lib");
# STARTTLS + AUTH is Dovecot's submission service on 12587, which relays here.
table vusers file:$ROOT/vusers
table domains { "$DOMAIN" }
listen on 127.0.0.1 port 12525 hostname mx.$DOMAIN
smtp limit max-mails 100000
action "to_dovecot" lmtp "127.0.0.1:12424" rcpt-to virtual <vusers>
match from any for domain <domains> action "to_dovecot"
EOF

dovecot -n -c "$ROOT/dovecot.conf" >/dev/null
smtpd -n -f "$ROOT/smtpd.conf" >/dev/null

wait_port() { for _ in $(seq 1 400); do listening "$1" && return 0; sleep 0.025; done; echo "port $1 not up" >&2; exit 1; }
ts() { perl -MTime::HiRes=time -MPOSIX=strftime -ne '$|=1; my $t=time; printf "%s.%03d %s", strftime("%H:%M:%S",localtime $t), ($t*1000)%1000, $_'; }

t0=$(date +%s.%N)
dovecot -F -c "$ROOT/dovecot.conf" </dev/null > "$ROOT/log/dovecot.stdout" 2>&1 &
echo $! > "$ROOT/run/dovecot.pid.fg"
# smtpd -d logs to stderr without timestamps; pipe it through ts. The logger must NOT be a child of
# smtpd (as with "> >(ts)"), or smtpd's parent waits for it forever on SIGTERM.
rm -f "$ROOT/run/smtpd.pid.fg"
# Every stream of the background pipeline is redirected, so that a caller reading this script's
# output through a pipe (CI does) is not held open by the servers.
{ smtpd -d -f "$ROOT/smtpd.conf" </dev/null 2>&1 & echo $! > "$ROOT/run/smtpd.pid.fg"; wait; } 2>/dev/null </dev/null | ts > "$ROOT/log/smtpd.log" 2>&1 &
for p in 11143 12424 12587 12525; do wait_port $p; done
echo "mail up in $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s: dovecot pid $(cat "$ROOT/run/dovecot.pid.fg"), smtpd pid $(cat "$ROOT/run/smtpd.pid.fg")"
