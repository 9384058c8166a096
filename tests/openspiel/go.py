"""Perft counts of OpenSpiel's Go (`go`), for tests/perft/go.perft, and random games.

OpenSpiel's Go forbids suicide, always allows a pass, ends after two passes in a row, and
bans only the simple ko (a stone that took one stone alone, from a point all of whose
neighbours are the opponent's or off the board, may not be taken back at once). Those are
the rules of tests/fixtures/valid/go-simple-ko.game (GO-5 narrowed to `within 2`), which
the counts are for. Points are named as rulebook names them (files `a`.. from the left,
ranks from the bottom; OpenSpiel's own text skips the letter `i`), and translated to
OpenSpiel's actions: rank r and file f are action (r - 1) * size + (f - 1), a pass is
size * size.

    $PY tests/openspiel/go.py 4 --size 5
    $PY tests/openspiel/go.py 3 --size 5 --moves "c3 b3 d3 c2 c4 d2"
    $PY tests/openspiel/go.py --size 5 --random-games 20 --seed 1
"""

import argparse
import random

import pyspiel


def load(size):
    # No limit on the game's length that a perft or a random game here could reach.
    return pyspiel.load_game("go", {"board_size": size, "max_game_length": 10 * size * size})


def action(size, text):
    if text == "pass":
        return size * size
    return (int(text[1:]) - 1) * size + (ord(text[0]) - ord("a"))


def text(size, a):
    if a == size * size:
        return "pass"
    return f"{chr(ord('a') + a % size)}{a // size + 1}"


def perft(state, depth, counts, level=0):
    if state.is_terminal():
        return
    actions = state.legal_actions()
    counts[level] += len(actions)
    if level + 1 < depth:
        for a in actions:
            child = state.clone()
            child.apply_action(a)
            perft(child, depth, counts, level + 1)


def board_text(state, size):
    """The position in rulebook's position text (ranks from the top, runs of empty points
    as numbers), with the player to move."""
    rows = [line[3:] for line in str(state).splitlines() if line[:3].strip().isdigit()]
    ranks = []
    for row in rows:
        out, run = "", 0
        for c in row[:size]:
            if c == "+":
                run += 1
                continue
            if run:
                out += str(run)
                run = 0
            out += "B" if c == "X" else "W"
        if run:
            out += str(run)
        ranks.append(out)
    mover = "black" if state.current_player() == 0 else "white"
    return "/".join(ranks) + " " + mover


def random_games(size, games, seed):
    rng = random.Random(seed)
    for _ in range(games):
        state = load(size).new_initial_state()
        plies = []
        while not state.is_terminal() and len(plies) < 4 * size * size:
            legal = " ".join(text(size, a) for a in state.legal_actions())
            a = rng.choice(state.legal_actions())
            state.apply_action(a)
            plies.append(f"{text(size, a)} ; {board_text(state, size)} ; {legal}")
        print(" | ".join(plies))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("depth", type=int, nargs="?", default=0)
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--moves", default="")
    parser.add_argument("--random-games", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.random_games:
        random_games(args.size, args.random_games, args.seed)
        return
    state = load(args.size).new_initial_state()
    for m in args.moves.split():
        a = action(args.size, m)
        if a not in state.legal_actions():
            raise SystemExit(f"{m} is not legal here")
        state.apply_action(a)
    counts = [0] * args.depth
    perft(state, args.depth, counts)
    for d, c in enumerate(counts, 1):
        print(d, c)


if __name__ == "__main__":
    main()
