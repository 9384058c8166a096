"""What the referees in scripts/ share (gtp-vs-gnugo, gtp-vs-grhino, uci-vs-stockfish,
bg-vs-gnubg): the error that stops a game, a GTP program on pipes, and the Elo difference a
score means with its 95% interval, as `rulebook match` reports it. Imported from the
scripts' own directory; not a script itself."""

import math
import subprocess


class ProtocolError(Exception):
    """A program broke the protocol or the rules: the game is not counted."""


class Gtp:
    """A program speaking the Go Text Protocol on pipes; `ask` sends a command and returns
    its response's text, and raises ProtocolError on a failure response."""

    def __init__(self, name, argv):
        self.name = name
        self.process = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def ask(self, command):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        lines = []
        while True:
            line = self.process.stdout.readline()
            if line == "":
                raise ProtocolError(f"{self.name} stopped answering `{command}`")
            line = line.rstrip("\r\n")
            if line == "" and lines:
                break
            if line != "" or lines:
                lines.append(line)
        head, rest = lines[0], lines[1:]
        if head.startswith("?"):
            raise ProtocolError(f"{self.name}: `{command}` -> {head}")
        if not head.startswith("="):
            raise ProtocolError(f"{self.name}: `{command}` -> not a response: {head}")
        return "\n".join([head[1:].strip()] + rest).strip()

    def close(self):
        try:
            self.ask("quit")
        except (ProtocolError, OSError):
            pass
        self.process.stdin.close()
        self.process.wait(timeout=10)


def elo(score):
    """The Elo difference a score (0 ..= 1) means: -400 log10(1/score - 1)."""
    if score <= 0:
        return "-inf"
    if score >= 1:
        return "+inf"
    return f"{-400 * math.log10(1 / score - 1):+.0f}"


def wilson(score, n, z=1.96):
    """The 95% Wilson score interval of a score over n games, as `rulebook match` gives."""
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def elo_line(what, score, n, opponent):
    """The summary's last line: `WHAT: S%; Elo difference rulebook - OPPONENT: E [LOW,
    HIGH] (95%, Wilson interval of the score)`, for a score over n games."""
    low, high = wilson(score, n)
    return (
        f"{what}: {100 * score:.1f}%; Elo difference rulebook - {opponent}: "
        f"{elo(score)} [{elo(low)}, {elo(high)}] (95%, Wilson interval of the score)"
    )
