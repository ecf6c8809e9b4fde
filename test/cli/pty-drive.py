"""Drive a command in a real pseudo-terminal: wait for each expected text, then type keys.

usage: pty-drive.py '<json steps>' cmd args...
steps: [["text to wait for", "keys to send"], ...]  (keys: \r is Enter, \x1b[B is arrow down,
\x03 is Ctrl+C). Prints a JSON object {"code": exit code, "output": everything the terminal
showed} and exits 0, or exits 3 if a step's text never appeared within 10 seconds. The terminal
is PTY_COLUMNS wide when that is set, else of unknown width (which mecha reads as 80 columns).
"""
import fcntl
import json
import os
import pty
import re
import select
import struct
import sys
import termios
import time

steps = json.loads(sys.argv[1])
cmd = sys.argv[2:]
pid, fd = pty.fork()
if pid == 0:
    os.environ["TERM"] = "xterm"
    os.environ["COLUMNS"] = "100"
    # The terminal's width: PTY_COLUMNS, or none said (0, as a fresh pseudo-terminal has).
    columns = int(os.environ.get("PTY_COLUMNS", "0"))
    fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack("HHHH", 30 if columns else 0, columns, 0, 0))
    os.execvp(cmd[0], cmd)

out = b""
ansi = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")


def read_some(timeout):
    global out
    r, _, _ = select.select([fd], [], [], timeout)
    if not r:
        return False
    try:
        chunk = os.read(fd, 65536)
    except OSError:
        return None
    if not chunk:
        return None
    out += chunk
    return True


for wait_for, keys in steps:
    deadline = time.time() + 10
    seen_at = len(out)
    while wait_for.encode() not in ansi.sub(b"", out):
        if time.time() > deadline or read_some(0.1) is None:
            print(json.dumps({"code": None, "output": out.decode("utf8", "replace"), "missing": wait_for}))
            sys.exit(3)
    time.sleep(0.05)
    os.write(fd, keys.encode())

deadline = time.time() + 10
while time.time() < deadline:
    if read_some(0.1) is None:
        break
_, status = os.waitpid(pid, 0)
code = os.waitstatus_to_exitcode(status)
print(json.dumps({"code": code, "output": ansi.sub(b"", out).decode("utf8", "replace")}))
