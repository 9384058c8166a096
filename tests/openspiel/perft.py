#!/usr/bin/env python3
"""Perft counts and random-playout speed of an OpenSpiel game, for cross-checking rulebook.

This is a developer's tool, not part of the test suite: CI never runs it and never needs
OpenSpiel. It prints perft counts in the format of tests/perft/*.perft, so that counts
from an outside engine can be pasted into a `.perft` file.

    perft.py GAME DEPTH [--moves "m1 m2 ..."] [--engine-name NAME] [--params k=v,...]
    perft.py GAME --bench SECONDS

GAME is OpenSpiel's short name (`othello`, `mancala`, `oware`, ...). Moves are given in
rulebook's move notation and translated to OpenSpiel's actions (see ENGINE_TO_SPIEL):

- othello: a site name (`d3`) or `pass`. rulebook numbers ranks from the bottom (a1 is the
  bottom-left point), OpenSpiel numbers rows from the top, so the rank is flipped:
  rulebook `d3` is OpenSpiel `d6`.
- mancala (Kalah) and oware: a pit number counted from the mover's left, 1 to 6.
  TODO: these two mappings follow OpenSpiel's action numbering (mancala: player 0's
  pits are actions 1..6, player 1's 8..13; oware: actions 0..5 for either player) and
  have not yet been checked against rulebook's games of the same name.
- any other game: OpenSpiel's own action strings.

Perft: the number of leaves of the game tree at each depth 1..DEPTH, counting every
action OpenSpiel lists as legal (a pass included); a terminal state has no actions.

--bench SECONDS: plays uniform random games from the start with pyspiel's C++
`evaluate_bots` (two `make_uniform_random_bot` bots) for about SECONDS and prints
games, plies, and plies per second (evaluate_bots plays the game on the state passed in,
so the game's length is read from the state's history afterwards).
"""

import argparse
import sys
import time

import pyspiel


def othello_move(state, text):
    if text == "pass":
        return "pass"
    file, rank = text[0], int(text[1:])
    return f"{file}{9 - rank}"


def mancala_move(state, text):
    pit = int(text)
    return str(pit if state.current_player() == 0 else pit + 7)


def oware_move(state, text):
    pit = int(text)
    letter = "ABCDEF"[pit - 1]
    return letter if state.current_player() == 0 else letter.lower()


# rulebook move text -> OpenSpiel action string, per OpenSpiel game name.
ENGINE_TO_SPIEL = {
    "othello": othello_move,
    "mancala": mancala_move,
    "oware": oware_move,
}


def to_action(game_name, state, text):
    convert = ENGINE_TO_SPIEL.get(game_name, lambda _s, t: t)
    wanted = convert(state, text)
    for action in state.legal_actions():
        if state.action_to_string(state.current_player(), action) == wanted:
            return action
    legal = [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]
    sys.exit(f"error: move {text!r} (OpenSpiel {wanted!r}) is not legal; OpenSpiel's legal actions: {legal}")


def perft(state, depth, counts, level=0):
    actions = state.legal_actions()
    counts[level] += len(actions)
    if level + 1 == depth:
        return
    for action in actions:
        child = state.child(action)
        perft(child, depth, counts, level + 1)


def bench(game, seconds):
    bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(game.num_players())]
    games = plies = 0
    start = time.perf_counter()
    seed = 1
    while True:
        state = game.new_initial_state()
        pyspiel.evaluate_bots(state, bots, seed)
        seed += 1
        games += 1
        plies += len(state.history())
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    print(f"# {game.get_type().short_name}: {games} games, {plies} plies in {elapsed:.2f} s")
    print(f"# {games / elapsed:.0f} games/s, {plies / elapsed:.0f} plies/s, "
          f"{plies / games:.1f} plies per game")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game", help="OpenSpiel's short name of the game")
    ap.add_argument("depth", type=int, nargs="?", default=0)
    ap.add_argument("--moves", default="", help="moves in rulebook notation, played first")
    ap.add_argument("--engine-name", help="the game's name in the .perft file (default: GAME)")
    ap.add_argument("--params", default="", help="OpenSpiel game parameters, k=v,k=v")
    ap.add_argument("--bench", type=float, metavar="SECONDS")
    args = ap.parse_args()

    params = {}
    for kv in filter(None, args.params.split(",")):
        key, value = kv.split("=", 1)
        params[key] = int(value) if value.lstrip("-").isdigit() else value
    game = pyspiel.load_game(args.game, params)

    if args.bench is not None:
        bench(game, args.bench)
        return
    if args.depth < 1:
        sys.exit("error: give a depth of 1 or more (or --bench SECONDS)")

    state = game.new_initial_state()
    moves = args.moves.split()
    for text in moves:
        if state.is_terminal():
            sys.exit(f"error: move {text!r}: the game is over")
        state.apply_action(to_action(args.game, state, text))

    counts = [0] * args.depth
    started = time.perf_counter()
    perft(state, args.depth, counts)
    elapsed = time.perf_counter() - started
    print(f"# OpenSpiel {args.game} (pyspiel {getattr(pyspiel, '__version__', '?')}), "
          f"tests/openspiel/perft.py, {elapsed:.1f} s")
    print(f"game {args.engine_name or args.game}")
    print("moves" + ("" if not moves else " " + " ".join(moves)))
    for depth, count in enumerate(counts, 1):
        print(f"{depth} {count}")


if __name__ == "__main__":
    main()
