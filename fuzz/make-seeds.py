#!/usr/bin/env python3
"""Makes the fuzz targets' seed corpus under fuzz/seeds/ from the project's own inputs.

rules/      games/*.game, every .game under tests/fixtures/ and docs/, and every ```game
            block of docs/**/*.md (files over 16 KiB are left out);
move_text/  the `moves:` lines of the scenario files, each behind the byte that picks
            its game and preset (the order of rulebook_fuzz::bundled_games);
records/    game records made of the same moves;
protocol/   sessions of the JSON and GTP protocols (docs/protocols.md), each behind the
            byte that picks its protocol and game.

Run from the package root: python3 fuzz/make-seeds.py (it replaces those four folders;
fuzz/seeds/lsp/, written by hand, is kept).
"""
import hashlib
import pathlib
import re
import shutil

ROOT = pathlib.Path(__file__).resolve().parent.parent
SEEDS = ROOT / "fuzz" / "seeds"
MAX_BYTES = 16 << 10


def write(kind, name, data):
    folder = SEEDS / kind
    folder.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    digest = hashlib.sha1(data).hexdigest()[:8]
    (folder / f"{name}-{digest}").write_bytes(data)


def rule_seeds():
    files = sorted(ROOT.glob("games/*.game"))
    files += sorted(ROOT.glob("tests/fixtures/**/*.game"))
    files += sorted(ROOT.glob("docs/**/*.game"))
    for f in files:
        if f.stat().st_size <= MAX_BYTES:
            write("rules", f.stem, f.read_bytes())
    for md in sorted(ROOT.glob("docs/**/*.md")):
        blocks = re.findall(r"```game\n(.*?)```", md.read_text(), re.S)
        for i, block in enumerate(blocks):
            write("rules", f"{md.stem}-{i}", block)


def configurations():
    """(stem, preset) in the order of the bundled games and their presets."""
    out = []
    for f in sorted(ROOT.glob("games/*.game")):
        out.append((f.stem, None))
        for line in f.read_text().splitlines():
            m = re.match(r"preset (\S+)", line)
            if m:
                out.append((f.stem, m.group(1)))
    return out


def move_seeds():
    configs = configurations()
    for yaml in sorted(ROOT.glob("tests/scenarios/*.yaml")):
        text = yaml.read_text()
        game = re.search(r"^game: .*?([\w-]+)\.game$", text, re.M)
        if not game:
            continue
        preset = re.search(r"^preset: (\S+)$", text, re.M)
        config = (game.group(1), preset.group(1) if preset else None)
        if config not in configs:
            continue
        pick = configs.index(config)
        moves = sorted(set(re.findall(r"^\s+moves: (.+)$", text, re.M)))
        for i, line in enumerate(moves):
            write("move_text", f"{yaml.stem}-{i}", bytes([pick]) + line.encode())
            record = f"game: {config[0]}\n"
            if config[1]:
                record += f"preset: {config[1]}\n"
            record += f"moves: [{', '.join(line.split())}]\nresult: unfinished\n"
            write("records", f"{yaml.stem}-{i}", record)


# The protocol target's first byte: even picks a JSON session on configuration byte/2,
# odd a GTP session on the byte/2-th configuration GTP fits (Go without a preset, 9x9,
# 13x13, 19x19, then Othello).
JSON_SESSIONS = {
    "go": [
        '{"id": 1, "cmd": "moves"}',
        '{"id": 2, "cmd": "play", "move": "e5"}',
        '{"id": 3, "cmd": "play", "move": "e5"}',
        '{"id": 4, "cmd": "think", "level": "easy", "seed": 3, "play": true}',
        '{"id": 5, "cmd": "evaluate"}',
        '{"id": 6, "cmd": "undo"}',
        '{"id": 7, "cmd": "state"}',
        '{"id": 8, "cmd": "new", "preset": "13x13", "set": {"komi": 5}}',
        "not json",
        '{"id": 9, "cmd": "quit"}',
    ],
    "kalah": [
        '{"id": "a", "cmd": "play", "move": "3"}',
        '{"id": "b", "cmd": "think", "iterations": 500}',
        '{"id": "c", "cmd": "position", "text": "bad"}',
        '{"id": "d", "cmd": "new", "game": "othello"}',
        '{"id": "e", "cmd": "play", "move": "d3"}',
    ],
}
GTP_SESSIONS = {
    1: ["protocol_version", "1 name", "list_commands", "boardsize 19", "boardsize 7",
        "boardsize 9", "clear_board", "komi 6.5", "play b E5", "play w E5", "genmove w",
        "showboard", "undo", "play w pass", "play b pass", "final_score", "quit"],
    9: ["play b D3", "genmove w", "# a comment", "7 genmove b", "play w I5", "undo",
        "frobnicate", "final_score"],
}


def protocol_seeds():
    configs = configurations()
    for game, lines in JSON_SESSIONS.items():
        pick = 2 * configs.index((game, None))
        write("protocol", f"json-{game}", bytes([pick]) + "\n".join(lines).encode())
    for pick, lines in GTP_SESSIONS.items():
        write("protocol", f"gtp-{pick}", bytes([pick]) + "\n".join(lines).encode())


if __name__ == "__main__":
    for made in ("rules", "move_text", "records", "protocol"):
        shutil.rmtree(SEEDS / made, ignore_errors=True)
    rule_seeds()
    move_seeds()
    protocol_seeds()
    for kind in sorted(p.name for p in SEEDS.iterdir()):
        print(kind, len(list((SEEDS / kind).iterdir())))
