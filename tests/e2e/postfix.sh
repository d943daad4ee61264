#!/usr/bin/env bash
# End-to-end test of a judge behind a real MTA, following docs/install.md:
# swaks -> Postfix -> alias pipe -> `judge receive` (as user judge) ->
# /usr/sbin/sendmail -> Postfix -> ~player/Maildir.
#
#   bash tests/e2e/postfix.sh target/release/judge
#
# Needs root on Debian 12 (systemd not needed). Installs postfix and swaks
# when missing, creates the users `judge` and `player`, and rewrites
# Postfix's main.cf for a loopback-only test machine: run it on a CI or
# scratch machine, never on a real mail host. It refuses to touch a
# /var/lib/judge it did not create itself. Postfix is stopped on exit; the
# users, /var/lib/judge and the Postfix settings stay for inspection.
set -euo pipefail
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export DEBIAN_FRONTEND=noninteractive

JUDGE_HOME=/var/lib/judge
DATA=$JUDGE_HOME/data
BIN=$JUDGE_HOME/bin/judge
MARK=$JUDGE_HOME/.e2e-postfix # says this script created $JUDGE_HOME
POSTFIX_LOG=/var/log/postfix.log
JUDGE_ADDRESS=judge@localhost
RUN=$(date +%s)-$$ # keeps this run's senders apart from earlier runs'

# Phrases the answers must contain; the first two are ours (data/info,
# data/flist) and pinned by src/help.rs's tests.
INFO_MARK='How to talk to the judge'
FLIST_MARK='FLIST: the files this judge sends'
PLAYER_NAME='Ada Quillfeather'

passed=0
failed=0

say() { printf 'e2e: %s\n' "$*"; }
die() {
  say "$*" >&2
  exit 1
}

[ $# -eq 1 ] || die "usage: bash tests/e2e/postfix.sh path/to/judge"
[ -f "$1" ] || die "no judge binary at $1"
[ "$(id -u)" -eq 0 ] || die "must run as root"

show_logs() {
  echo "---- tail of $POSTFIX_LOG" >&2
  tail -n 40 "$POSTFIX_LOG" >&2 2>/dev/null || true
  echo "---- tail of $DATA/log/judge.log" >&2
  tail -n 40 "$DATA/log/judge.log" >&2 2>/dev/null || true
}

finish() {
  local status=$?
  if [ "$status" -ne 0 ] || [ "$failed" -ne 0 ]; then
    show_logs
  fi
  postfix stop >/dev/null 2>&1 || true
  exit "$status"
}
trap finish EXIT

# ---------------------------------------------------------------- install

if ! command -v postfix >/dev/null 2>&1 || ! command -v swaks >/dev/null 2>&1; then
  say "installing postfix and swaks"
  echo "postfix postfix/main_mailer_type select Local only" | debconf-set-selections
  echo "postfix postfix/mailname string localhost" | debconf-set-selections
  # The package lists are only fetched when the first try finds none.
  if ! apt-get install -y -q --no-install-recommends postfix swaks; then
    apt-get update -q
    apt-get install -y -q --no-install-recommends postfix swaks
  fi
fi
# Debian's postinst may start nothing without an init system; we start it.
postfix stop >/dev/null 2>&1 || true

if [ -e "$JUDGE_HOME" ] && [ ! -e "$MARK" ]; then
  die "$JUDGE_HOME exists and was not made by this script; not touching it"
fi
if id judge >/dev/null 2>&1; then
  [ "$(getent passwd judge | cut -d: -f6)" = "$JUDGE_HOME" ] ||
    die "user judge exists with another home; not touching it"
else
  useradd --system --create-home --home-dir "$JUDGE_HOME" --shell /usr/sbin/nologin judge
fi
touch "$MARK"
id player >/dev/null 2>&1 || useradd --create-home --shell /usr/sbin/nologin player
MAILDIR=$(getent passwd player | cut -d: -f6)/Maildir
JUDGE_UID=$(id -u judge)

install -d -o judge -g judge "$JUDGE_HOME" "$JUDGE_HOME/bin"
install -m 0755 "$1" "$BIN"

# A fresh data directory each run, made the way a judgekeeper makes it.
rm -rf "$DATA"
runuser -u judge -- "$BIN" --data "$DATA" init
CONFIG=$DATA/judge.toml
[ -f "$CONFIG" ] || die "judge init wrote no $CONFIG"
sed -i 's/^kind = "file"/kind = "sendmail"/' "$CONFIG"
grep -q '^kind = "sendmail"' "$CONFIG" || die "could not set kind = \"sendmail\" in $CONFIG"
if ! grep -q '^command = ' "$CONFIG"; then
  sed -i '/^kind = "sendmail"/a command = "/usr/sbin/sendmail"' "$CONFIG"
fi
sed -i 's|^command = .*|command = "/usr/sbin/sendmail"|' "$CONFIG"
grep -q '^command = "/usr/sbin/sendmail"' "$CONFIG" || die "could not set the sendmail command"
if grep -q '^judge_address = ' "$CONFIG"; then
  sed -i "s|^judge_address = .*|judge_address = \"$JUDGE_ADDRESS\"|" "$CONFIG"
else
  sed -i "1i judge_address = \"$JUDGE_ADDRESS\"" "$CONFIG"
fi
grep -q "^judge_address = \"$JUDGE_ADDRESS\"" "$CONFIG" || die "could not set judge_address"

# The alias lives in a file owned by judge, so Postfix runs the pipe as judge.
echo "judge: \"|$BIN --data $DATA receive\"" >"$JUDGE_HOME/aliases"
chown judge: "$JUDGE_HOME/aliases"
echo '/@players\.test$/ player' >/etc/postfix/players_regexp
[ -f /etc/aliases ] || echo 'postmaster: root' >/etc/aliases

postconf -e \
  'inet_interfaces = loopback-only' 'inet_protocols = ipv4' \
  'myhostname = localhost' 'mydestination = localhost, localhost.localdomain' \
  "maillog_file = $POSTFIX_LOG" 'home_mailbox = Maildir/' \
  "alias_maps = hash:/etc/aliases, hash:$JUDGE_HOME/aliases" \
  "alias_database = hash:/etc/aliases, hash:$JUDGE_HOME/aliases" \
  'virtual_alias_domains = players.test' \
  'virtual_alias_maps = regexp:/etc/postfix/players_regexp' \
  'default_transport = error' 'relay_transport = error'
newaliases

# Nothing left over from an earlier run may be mistaken for an answer.
postsuper -d ALL >/dev/null 2>&1 || true
rm -f "$MAILDIR"/new/* "$MAILDIR"/cur/* 2>/dev/null || true

postfix start
listening=no
for _ in $(seq 50); do
  if (exec 3<>/dev/tcp/127.0.0.1/25) 2>/dev/null; then
    listening=yes
    break
  fi
  sleep 0.1
done
[ "$listening" = yes ] || die "postfix did not open 127.0.0.1:25"
say "postfix up; judge installed at $BIN with data in $DATA"

# ---------------------------------------------------------------- helpers

# send FROM BODY [swaks options...]: mails BODY to the judge and prints the
# queue id Postfix gave it.
send() {
  local from=$1 body=$2 out
  shift 2
  if ! out=$(swaks -s 127.0.0.1:25 -t "$JUDGE_ADDRESS" -f "$from" \
    --header "Subject: e2e $RUN" --body "$body" "$@" 2>&1); then
    echo "$out" >&2
    return 1
  fi
  sed -n 's/.*Ok: queued as \([0-9A-Za-z]*\).*/\1/p' <<<"$out" | tail -n 1
}

# delivered QID: waits until Postfix has handed message QID to the judge's
# pipe and the judge has exited 0 (deferred = 75, bounced = anything else).
delivered() {
  local qid=$1 line
  for _ in $(seq 200); do
    line=$(grep -E "[: ]$qid: to=<$JUDGE_ADDRESS>.* status=" "$POSTFIX_LOG" | tail -n 1 || true)
    case $line in
    *status=sent*) return 0 ;;
    *status=*)
      echo "  $line" >&2
      return 1
      ;;
    esac
    sleep 0.1
  done
  echo "  message $qid never reached the judge" >&2
  return 1
}

# decode FILE: the Subject line and the decoded text of every part.
decode() {
  perl -MMIME::Base64 -MMIME::QuotedPrint -e '
    sub part {
      my ($text) = @_;
      my ($head, $body) = split /\r?\n\r?\n/, $text, 2;
      $body //= "";
      $head =~ s/\r?\n[ \t]+/ /g;
      my ($type) = $head =~ /^Content-Type:\s*(.*)$/mi;
      my ($cte) = $head =~ /^Content-Transfer-Encoding:\s*(\S+)/mi;
      $type //= "text/plain";
      $cte = lc($cte // "7bit");
      if ($type =~ /^multipart\/.*boundary="?([^";]+)"?/i) {
        my $b = quotemeta $1;
        my @parts = split /^--$b(?:--)?[ \t]*\r?$/m, $body;
        shift @parts;
        return join "\n", map { s/^\r?\n//; part($_) } grep { /\S/ } @parts;
      }
      $body = decode_base64($body) if $cte eq "base64";
      $body = decode_qp($body) if $cte eq "quoted-printable";
      return $body;
    }
    local $/;
    my $mail = <>;
    my ($head) = split /\r?\n\r?\n/, $mail, 2;
    $head =~ s/\r?\n[ \t]+/ /g;
    my ($subject) = $head =~ /^Subject:\s*(.*)$/mi;
    print "Subject: ", ($subject // ""), "\n", part($mail), "\n";
  ' "$1"
}

# mail_for ADDR: every message delivered for ADDR so far, decoded.
mail_for() {
  local file
  for file in "$MAILDIR"/new/*; do
    [ -f "$file" ] || continue
    if sed '/^\r\{0,1\}$/q' "$file" | grep -qix "X-Original-To: $1"; then
      decode "$file"
    fi
  done
}

# expect ADDR SECONDS PATTERN...: waits until the mail for ADDR matches every
# Perl regular expression given (case-insensitive, line by line).
expect() {
  local addr=$1 seconds=$2 pattern text missing
  shift 2
  for _ in $(seq $((seconds * 10))); do
    text=$(mail_for "$addr")
    missing=
    for pattern in "$@"; do
      grep -Piq -- "$pattern" <<<"$text" || missing=$pattern
    done
    [ -z "$missing" ] && return 0
    sleep 0.1
  done
  echo "  no mail for $addr matching '$missing' within ${seconds}s; got:" >&2
  printf '%s\n' "$text" | sed 's/^/  | /' | head -n 40 >&2
  return 1
}

# judge_sends: how many messages the judge has handed to sendmail so far.
judge_sends() {
  grep -cE "postfix/pickup\[[0-9]+\]: [0-9A-Za-z]+: uid=$JUDGE_UID " "$POSTFIX_LOG" || true
}

# silent ADDR QID: the judge took message QID and, within 5 s, neither wrote
# to ADDR nor sent any mail at all.
silent() {
  local addr=$1 qid=$2 before
  before=$(judge_sends)
  delivered "$qid" || return 1
  sleep 5
  if [ -n "$(mail_for "$addr")" ]; then
    echo "  the judge answered $addr:" >&2
    mail_for "$addr" | sed 's/^/  | /' | head -n 20 >&2
    return 1
  fi
  if [ "$(judge_sends)" != "$before" ]; then
    echo "  the judge sent mail in answer to $qid" >&2
    return 1
  fi
}

check() {
  local name=$1
  shift
  if "$@"; then
    passed=$((passed + 1))
    say "ok - $name"
  else
    failed=$((failed + 1))
    say "FAIL - $name"
  fi
}

# ---------------------------------------------------------------- tests

help_answers_with_info() {
  local from=help-$RUN@players.test qid
  qid=$(send "$from" $'HELP\nSIGN OFF\n') || return 1
  delivered "$qid" || return 1
  expect "$from" 20 '^Subject: Re: XXXX' "$INFO_MARK"
}

get_flist_sends_flist() {
  local from=flist-$RUN@players.test qid
  qid=$(send "$from" $'GET flist\nSIGN OFF\n') || return 1
  delivered "$qid" || return 1
  expect "$from" 20 "$FLIST_MARK"
}

register_then_who_is() {
  local from=reg-$RUN@players.test asker=who-$RUN@players.test qid body
  body="REGISTER
Name: $PLAYER_NAME
Email: $from
Address: 12 Canal Street, Leiden 2311 AB
Phone: +31 71 555 0100
Country: Netherlands
Level: Novice
Site: e2e test
Timezone: Europe/Amsterdam
Birthdate: Jan 1 1990
Sex: F
Interests: Diplomacy
Package: no
END
SIGN OFF
"
  qid=$(send "$from" "$body") || return 1
  delivered "$qid" || return 1
  # "regist" on some line other than the echoed REGISTER command itself.
  expect "$from" 20 '^Subject: Re: XXXX' '^(?![^a-z]*register\s*$).*regist' || return 1
  qid=$(send "$asker" "WHO IS $from"$'\nSIGN OFF\n') || return 1
  delivered "$qid" || return 1
  expect "$asker" 20 '^Subject: Re: XXXX' "$PLAYER_NAME"
}

auto_reply_gets_no_answer() {
  local from=auto-$RUN@players.test qid
  qid=$(send "$from" $'HELP\nSIGN OFF\n' --header 'Auto-Submitted: auto-replied') || return 1
  silent "$from" "$qid"
}

bounce_gets_no_answer() {
  local to=bounce-$RUN@players.test qid
  qid=$(send '<>' $'HELP\nSIGN OFF\n' \
    --header 'From: MAILER-DAEMON@localhost' --header "Reply-To: $to") || return 1
  silent "$to" "$qid"
}

queue_is_empty() {
  for _ in $(seq 100); do
    mailq 2>/dev/null | grep -q 'Mail queue is empty' && return 0
    sleep 0.1
  done
  mailq >&2 || true
  return 1
}

check "HELP is answered with the info file" help_answers_with_info
check "GET flist sends the flist file" get_flist_sends_flist
check "REGISTER is confirmed and WHO IS shows the name" register_then_who_is
check "Auto-Submitted mail gets no answer" auto_reply_gets_no_answer
check "a bounce gets no answer" bounce_gets_no_answer
check "the mail queue is empty at the end" queue_is_empty

if [ "$failed" -ne 0 ]; then
  say "$passed passed, $failed failed"
  exit 1
fi
say "$passed passed"
