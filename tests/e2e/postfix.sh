#!/usr/bin/env bash
# End-to-end test of docs/install.md: runs the guide's own commands, then
# mails the judge through the result:
# swaks -> Postfix -> alias pipe -> `judge receive` (as user judge) ->
# /usr/sbin/sendmail -> Postfix -> ~player/Maildir.
#
#   bash tests/e2e/postfix.sh target/release/judge
#
# The guide's runnable steps are its blocks fenced ```sh (see the note at
# the top of docs/install.md). Each is run verbatim, in order, in its own
# `bash -euo pipefail`, from a scratch copy of a checkout whose
# target/release/judge is the binary given; a failing step fails the test.
# Blocks tagged `build` are skipped (the binary is given), and on a machine
# without systemd as PID 1 the `no-systemd`, `cron` and `try` blocks run
# and the `systemd` ones are only checked (`systemd-analyze verify`).
#
# Needs root on Debian 12. It installs what the guide installs, creates the
# users `judge` and `player`, and changes Postfix's settings as the guide
# says: run it on a CI or scratch machine, never on a real mail host. It
# refuses to touch a judge it did not install itself (the mark below); a
# judge it installed before is removed first, so every run starts as on a
# fresh machine. Postfix (and cron, if it started it) is stopped on exit;
# the users, /var/lib/judge and the settings stay for inspection.
set -euo pipefail
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export DEBIAN_FRONTEND=noninteractive

REPO=$(cd "$(dirname "$0")/../.." && pwd)
GUIDE=$REPO/docs/install.md
JUDGE_HOME=/var/lib/judge
DATA=$JUDGE_HOME/data
MARK=/var/lib/judge-e2e-postfix.mark # says this script installed the judge
OLD_MARK=$JUDGE_HOME/.e2e-postfix     # the same, from older versions of it
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
cron_was_running=unknown

say() { printf 'e2e: %s\n' "$*"; }
die() {
  say "$*" >&2
  exit 1
}

[ $# -eq 1 ] || die "usage: bash tests/e2e/postfix.sh path/to/judge"
[ -f "$1" ] || die "no judge binary at $1"
[ "$(id -u)" -eq 0 ] || die "must run as root"
[ -f "$GUIDE" ] || die "no guide at $GUIDE"
WORK=$(mktemp -d /tmp/judge-e2e.XXXXXX)

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
  # cron, if the guide started it here: it would sweep every minute.
  if [ "$cron_was_running" = no ] && pgrep -x cron >/dev/null 2>&1; then
    service cron stop >/dev/null 2>&1 || true
  fi
  rm -rf "$WORK"
  exit "$status"
}
trap finish EXIT

# ---------------------------------------------------------------- a fresh machine

if [ -e "$MARK" ] || [ -e "$OLD_MARK" ]; then
  say "removing the judge an earlier run installed"
  postfix stop >/dev/null 2>&1 || true
  crontab -u judge -r >/dev/null 2>&1 || true
  if id judge >/dev/null 2>&1; then
    userdel judge || die "cannot remove the user judge (is a process of it still running?)"
  fi
  if id player >/dev/null 2>&1; then
    userdel --remove player 2>/dev/null || userdel player
  fi
  rm -rf "$JUDGE_HOME" /home/player
  rm -f /usr/local/bin/judge /etc/logrotate.d/judge /etc/postfix/players_regexp
  # Older versions of this script stored every user's mail in ~/Maildir.
  if command -v postconf >/dev/null 2>&1; then
    postconf -X home_mailbox virtual_alias_domains virtual_alias_maps 2>/dev/null || true
  fi
  postsuper -d ALL >/dev/null 2>&1 || true
fi
for taken in "$JUDGE_HOME" /usr/local/bin/judge /home/player; do
  [ ! -e "$taken" ] || die "$taken exists and was not made by this script; not touching it"
done
for user in judge player; do
  ! id "$user" >/dev/null 2>&1 || die "user $user exists and was not made by this script"
done
touch "$MARK"

# The installer's questions, answered for a machine that keeps its mail
# to itself (the guide says what a real judge answers).
echo "postfix postfix/main_mailer_type select Local only" | debconf-set-selections
echo "postfix postfix/mailname string localhost" | debconf-set-selections

if [ -d /run/systemd/system ]; then
  tags="systemd try"
else
  tags="no-systemd cron try"
fi
if pgrep -x cron >/dev/null 2>&1; then
  cron_was_running=yes
else
  cron_was_running=no
fi

# ---------------------------------------------------------------- the guide

# A checkout as the guide expects it: the repository's data/ and the
# binary under test where `cargo build --release` puts it.
mkdir -p "$WORK/checkout/target/release" "$WORK/blocks"
install -m 0755 "$1" "$WORK/checkout/target/release/judge"
ln -s "$REPO/data" "$WORK/checkout/data"

# blocks/NNN holds a block's text, blocks/NNN.info its line and tags.
awk -v dir="$WORK/blocks" '
  /^```sh( |$)/ && !inside {
    inside = 1; n++; file = sprintf("%s/%03d", dir, n)
    tags = $0; sub(/^```sh */, "", tags)
    printf "%d %s\n", NR, tags > (file ".info"); close(file ".info")
    printf "" > file
    next
  }
  /^```/ && inside { inside = 0; close(file); next }
  inside { print > file }
' "$GUIDE"
ls "$WORK"/blocks/*.info >/dev/null 2>&1 || die "no \`\`\`sh blocks in $GUIDE"

applies() { # applies TAG...: whether every tag is one of this machine's
  local tag
  for tag in "$@"; do
    case " $tags " in *" $tag "*) ;; *) return 1 ;; esac
  done
}

for info in "$WORK"/blocks/*.info; do
  block=${info%.info}
  read -r line block_tags <"$info"
  # shellcheck disable=SC2086 # the tags are words
  if ! applies $block_tags; then
    say "skipping docs/install.md:$line (${block_tags:-every machine}; this machine: $tags)"
    continue
  fi
  say "running docs/install.md:$line${block_tags:+ ($block_tags)}"
  sed 's/^/  $ /' "$block"
  if ! (cd "$WORK/checkout" && bash -euo pipefail "$block"); then
    die "the guide's step at docs/install.md:$line failed"
  fi
done
# Older copies of this script (in other checkouts) know their judge by this.
[ ! -d "$JUDGE_HOME" ] || touch "$OLD_MARK"

# ---------------------------------------------------------------- what the guide left

MAILDIR=$(getent passwd player | cut -d: -f6)/Maildir
JUDGE_UID=$(id -u judge)
[ -x /usr/local/bin/judge ] || die "the guide installed no /usr/local/bin/judge"
[ -f "$DATA/format" ] || die "judge init wrote no $DATA/format"
grep -q '^kind = "sendmail"' "$DATA/judge.toml" || die "the guide left the file transport on"
if [ "$(postconf -h home_mailbox)" != "" ]; then
  die "the guide set home_mailbox: that changes delivery for every local user"
fi

listening=no
for _ in $(seq 50); do
  if (exec 3<>/dev/tcp/127.0.0.1/25) 2>/dev/null; then
    listening=yes
    break
  fi
  sleep 0.1
done
[ "$listening" = yes ] || die "postfix did not open 127.0.0.1:25"
say "postfix up; the judge installed as the guide says"

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

guide_first_try_is_answered() {
  expect you@players.test 20 '^Subject: Re: XXXX first try' "$INFO_MARK"
}

# The judge's log's count of finished sweeps.
sweeps_done() {
  grep -c 'sweep done' "$DATA/log/judge.log" 2>/dev/null || true
}

# cron mails a job's output to MAILTO, which must not be the judge itself.
cron_mails_the_keeper() {
  local table mailto
  table=$(crontab -u judge -l) || return 1
  mailto=$(sed -n 's/^MAILTO=//p' <<<"$table" | tail -n 1)
  case $mailto in
  "")
    echo "  the judge's crontab sets no MAILTO" >&2
    return 1
    ;;
  judge | judge@* | "$JUDGE_ADDRESS")
    echo "  MAILTO=$mailto is the judge's own address" >&2
    return 1
    ;;
  esac
}

# The crontab's sweep line, run as cron runs it: as judge, with cron's
# bare environment; it must succeed and write nothing (cron would mail it).
cron_line_sweeps() {
  local command before output
  command=$(crontab -u judge -l | sed -n 's/^\* \* \* \* \* //p' | head -n 1)
  [ -n "$command" ] || {
    echo "  no every-minute line in the judge's crontab" >&2
    return 1
  }
  before=$(sweeps_done)
  output=$(cd / && env -i HOME="$JUDGE_HOME" LOGNAME=judge SHELL=/bin/sh PATH=/usr/bin:/bin \
    /usr/sbin/runuser -u judge -- /bin/sh -c "$command" 2>&1) || {
    echo "  $command failed: $output" >&2
    return 1
  }
  [ -z "$output" ] || {
    echo "  the sweep wrote (cron would mail it): $output" >&2
    return 1
  }
  [ "$(sweeps_done)" -gt "$before" ] || {
    echo "  judge.log shows no finished sweep" >&2
    return 1
  }
}

UNIT=$REPO/data/systemd/judge-sweep.service
TIMER=$REPO/data/systemd/judge-sweep.timer
WEB_SOCKET=$REPO/data/systemd/judge-web.socket
WEB_UNIT=$REPO/data/systemd/judge-web.service

# unit KEY: the value of KEY= in the service file.
unit() {
  sed -n "s/^$1=//p" "$UNIT" | tail -n 1
}

unit_files_are_sound() {
  [ "$(unit User)" = judge ] || return 1
  [ "$(unit ProtectSystem)" = strict ] || return 1
  [ "$(unit NoNewPrivileges)" = yes ] || return 1
  case " $(unit ReadWritePaths) " in *" $DATA "*) ;; *) return 1 ;; esac
  grep -q '^Persistent=true$' "$TIMER" || return 1
  # The web face is hardened as the sweep is.
  local key
  for key in User ProtectSystem NoNewPrivileges ReadWritePaths SupplementaryGroups; do
    [ "$(sed -n "s/^$key=//p" "$WEB_UNIT")" = "$(unit "$key")" ] || return 1
  done
  grep -q '^ListenStream=127.0.0.1:8080$' "$WEB_SOCKET" || return 1
  if command -v systemd-analyze >/dev/null 2>&1; then
    systemd-analyze verify "$UNIT" "$TIMER" "$WEB_SOCKET" "$WEB_UNIT"
  else
    say "  (systemd-analyze is not installed: the unit files were not verified)"
  fi
}

# as_unit COMMAND...: runs COMMAND as the service would: its user, its
# supplementary groups, no new privileges (which ignores set-group-id
# bits, as with postdrop), the bare environment, a time limit.
as_unit() {
  local user groups
  user=$(unit User)
  groups=$(unit SupplementaryGroups | tr ' ' ',')
  (cd / && timeout 60 env -i PATH=/usr/bin:/bin setpriv --reuid "$user" --regid "$user" \
    ${groups:+--groups "$groups"} --no-new-privs -- "$@")
}

# The unit's ExecStart, run as the unit runs it: the sweep succeeds.
unit_command_sweeps() {
  local before command
  before=$(sweeps_done)
  read -ra command <<<"$(unit ExecStart)"
  as_unit "${command[@]}" || return 1
  [ "$(sweeps_done)" -gt "$before" ]
}

# Under the unit's restrictions the judge can still hand mail to
# Postfix's sendmail: a message received that way is answered.
unit_can_send_mail() {
  local from=unit-$RUN@players.test message
  message=$(printf 'From: %s\nTo: %s\nSubject: e2e %s\nMessage-ID: <unit-%s@players.test>\n\nHELP\nSIGN OFF\n' \
    "$from" "$JUDGE_ADDRESS" "$RUN" "$RUN")
  as_unit /usr/local/bin/judge --data "$DATA" receive <<<"$message" || return 1
  expect "$from" 20 '^Subject: Re: XXXX' "$INFO_MARK"
}

check "the guide's own first try is answered" guide_first_try_is_answered
check "HELP is answered with the info file" help_answers_with_info
check "GET flist sends the flist file" get_flist_sends_flist
check "REGISTER is confirmed and WHO IS shows the name" register_then_who_is
check "Auto-Submitted mail gets no answer" auto_reply_gets_no_answer
check "a bounce gets no answer" bounce_gets_no_answer
if applies cron; then
  check "cron mails the sweep's output to the keeper, not the judge" cron_mails_the_keeper
  check "the crontab's line sweeps, silently" cron_line_sweeps
fi
check "the systemd unit files are sound" unit_files_are_sound
check "the unit's ExecStart sweeps as the unit would run it" unit_command_sweeps
check "the judge sends mail under the unit's restrictions" unit_can_send_mail
check "the mail queue is empty at the end" queue_is_empty

if [ "$failed" -ne 0 ]; then
  say "$passed passed, $failed failed"
  exit 1
fi
say "$passed passed"
