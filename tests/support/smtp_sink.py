"""An SMTP sink for tests/smtp_transport.rs.

Usage: python3 smtp_sink.py DIR PORT

Listens on 127.0.0.1:PORT (plain SMTP, no STARTTLS, no AUTH) and writes each
message it accepts to DIR as NNN.eml (the exact DATA bytes) with NNN.json
beside it ({"mail_from": ..., "rcpt_tos": [...]}). The .eml is renamed into
place before the server answers 250, so a client that got 250 can read it.
Runs until killed. Needs aiosmtpd (Debian: python3-aiosmtpd).
"""

import itertools
import json
import os
import sys
import time

from aiosmtpd.controller import Controller


class Sink:
    def __init__(self, directory):
        self.directory = directory
        self.counter = itertools.count(1)

    async def handle_DATA(self, server, session, envelope):
        stem = os.path.join(self.directory, f"{time.time_ns():020}-{next(self.counter):04}")
        with open(stem + ".json", "w") as f:
            json.dump({"mail_from": envelope.mail_from, "rcpt_tos": envelope.rcpt_tos}, f)
        with open(stem + ".tmp", "wb") as f:
            f.write(envelope.original_content)
        os.rename(stem + ".tmp", stem + ".eml")
        return "250 OK"


def main():
    directory, port = sys.argv[1], int(sys.argv[2])
    os.makedirs(directory, exist_ok=True)
    controller = Controller(Sink(directory), hostname="127.0.0.1", port=port)
    controller.start()
    print("READY", port, flush=True)
    try:
        while True:
            time.sleep(3600)
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
