#!/usr/bin/env python3
"""Cross-checks rulebook's Chinese checkers (games/chinese-checkers*.game) against
OpenSpiel's (`chinese_checkers`, open_spiel 2.0.2).

A developer's tool, not part of the test suite (see README.md beside it). It prints, in the
format of tests/perft/*.perft, OpenSpiel's perft counts from the start and from mid-game
positions reached by seeded random turns; and, with --games, seeded games played to their
end in OpenSpiel (the lines of tests/openspiel/chinese-checkers-games.txt).

    chinese-checkers.py [--players 2,3,4,6] [--positions K] [--depth D] [--seed S]
    chinese-checkers.py --games N [--players 2,3,4,6] [--seed S]

A turn is one move in rulebook, several actions in OpenSpiel: a step is one action, a hop
chain one action a hop and `Pass` to stop early (no `Pass` where no hop goes on). The script
follows every chain to every stop, and takes the turns that end on the same cell as one
move (rulebook's move is the piece's start and end, whatever the route): perft counts
distinct whole turns, a leaf being a position after a turn. A player with no move at all
passes (`pass`, in both).

Cells: OpenSpiel's cell on row `row` (0 at the top) and doubled column `col` is rulebook's
file (col + row - 4) / 2 + 1 (`a` = 1) and rank 17 - row, on a 17 x 17 rhombus of hexagons
whose ranks are OpenSpiel's rows (the star's points north and south).

Random games choose among whole turns, uniformly with probability 1/5 and otherwise a turn
that brings the mover's pieces nearest the far point (ties at random), so that games end
by a win; a game stopped by `max_moves` (1000 turns) is a draw. Each game is a line
`game PLAYERS RESULT` (`draw`, or the winner's number 0..) then a line a turn: the move,
the number of legal moves before it and an FNV-1a 64 hash (hex) of their sorted texts
joined by spaces.
"""

import argparse
import random

import pyspiel

ROW = []
COL = []


def load(players):
    global ROW, COL
    game = pyspiel.load_game("chinese_checkers", {"players": players})
    if not ROW:
        ROW, COL = cell_coordinates()
    return game


def cell_coordinates():
    """Each cell's row and doubled column, read from OpenSpiel's drawing of an empty board
    (every cell a `.`)."""
    game = pyspiel.load_game("chinese_checkers", {"players": 2})
    text = str(game.new_initial_state())
    rows, cols = [], []
    for r, line in enumerate(text.splitlines()[:17]):
        for c, ch in enumerate(line):
            if ch != " ":
                rows.append(r)
                cols.append(c)
    assert len(rows) == 121
    return rows, cols


def name(cell):
    row, col = ROW[cell], COL[cell]
    return f"{chr(ord('a') + (col + row - 4) // 2)}{17 - row}"


def turns(state):
    """The whole turns of the player to move: {move text: state after it}."""
    found = {}
    mover = state.current_player()

    def follow(s, start):
        for a in s.legal_actions():
            if a == 726:  # Pass: stop the chain here (or a player with no move passes)
                t = s.child(a)
                key = f"{name(start)}-{name(hop_at(s))}" if start is not None else "pass"
                found.setdefault(key, t)
                continue
            src = a // 6
            t = s.child(a)
            first = src if start is None else start
            if t.is_terminal() or t.current_player() != mover:
                found.setdefault(f"{name(first)}-{name(landed(s, t, src))}", t)
            else:
                follow(t, first)

    follow(state, None)
    return found


def hop_at(s):
    text = str(s)
    assert "hopping from" in text
    return int(text.split("hopping from ")[1].rstrip(")"))


def landed(before, after, src):
    """The cell the piece moved from `src` stands on now."""
    b, a = cells(before), cells(after)
    changed = [i for i in range(121) if b[i] != a[i] and i != src]
    assert len(changed) == 1, changed
    return changed[0]


def cells(s):
    out = []
    for line in str(s).splitlines()[:17]:
        out.extend(ch for ch in line if ch != " ")
    return out


def perft(state, depth):
    counts = [0] * depth

    def walk(s, d):
        if s.is_terminal():
            return
        ts = turns(s)
        counts[d] += len(ts)
        if d + 1 < depth:
            for t in ts.values():
                walk(t, d + 1)

    walk(state, 0)
    return counts


def engine_name(players):
    return "chinese-checkers" if players == 2 else f"chinese-checkers-{players}"


def print_case(players, moves, state, depth, what):
    print(f"# {what}")
    print(f"game {engine_name(players)}")
    print("moves " + " ".join(moves) if moves else "moves")
    for d, n in enumerate(perft(state, depth), 1):
        print(f"{d} {n}")
    print()


def perft_cases(a):
    rng = random.Random(a.seed)
    for players in a.players:
        game = load(players)
        print_case(players, [], game.new_initial_state(), a.start_depth,
                   f"{players} players from the start.")
        for _ in range(a.positions):
            state, moves = game.new_initial_state(), []
            plies = rng.randint(10, 60)
            while len(moves) < plies and not state.is_terminal():
                ts = turns(state)
                m = choose(state, ts, rng, players)
                moves.append(m)
                state = ts[m]
            if state.is_terminal():
                continue
            print_case(players, moves, state, a.depth,
                       f"{players} players after {len(moves)} turns (seed {a.seed}).")


TARGET_TIP = {0: 120, 1: 98, 2: 10, 3: 0, 4: 22, 5: 110}
SLOTS = {2: [0, 3], 3: [0, 2, 4], 4: [0, 1, 3, 4], 6: [0, 1, 2, 3, 4, 5]}


def cube(cell):
    row, col = ROW[cell], COL[cell]
    f, r = (col + row - 4) // 2, 16 - row
    return f, r, -f - r


def distance(a, b):
    x, y = cube(a), cube(b)
    return max(abs(x[i] - y[i]) for i in range(3))


def spread(state, players, player):
    tip = TARGET_TIP[SLOTS[players][player]]
    board = cells(state)
    return sum(distance(i, tip) for i in range(121) if board[i] == str(player + 1))


def choose(state, ts, rng, players):
    keys = sorted(ts)
    if rng.random() < 0.2:
        return rng.choice(keys)
    mover = state.current_player()
    best = min(spread(ts[k], players, mover) for k in keys)
    return rng.choice([k for k in keys if spread(ts[k], players, mover) == best])


def fnv(texts):
    h = 0xcbf29ce484222325
    for byte in " ".join(sorted(texts)).encode():
        h = ((h ^ byte) * 0x100000001b3) % (1 << 64)
    return f"{h:016x}"


def random_games(a):
    rng = random.Random(a.seed)
    print(f"# tests/openspiel/chinese-checkers.py --games {a.games} --players "
          f"{','.join(map(str, a.players))} --seed {a.seed}")
    for players in a.players:
        game = load(players)
        for _ in range(a.games):
            state, lines = game.new_initial_state(), []
            while not state.is_terminal():
                ts = turns(state)
                m = choose(state, ts, rng, players)
                lines.append(f"{m} {len(ts)} {fnv(ts)}")
                state = ts[m]
            returns = state.returns()
            result = "draw" if max(returns) <= 0 else str(returns.index(max(returns)))
            print(f"game {players} {result}")
            for line in lines:
                print(line)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", default="2")
    ap.add_argument("--positions", type=int, default=4)
    ap.add_argument("--start-depth", type=int, default=3)
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int)
    a = ap.parse_args()
    a.players = [int(p) for p in a.players.split(",")]
    if a.games is not None:
        random_games(a)
    else:
        perft_cases(a)


if __name__ == "__main__":
    main()
