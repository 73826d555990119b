"""The command line both sides of bench/siting_models_race.py take for one instance:
INSTANCE.npz MODEL [P] --time-limit S (bench/peers/spopt_models_peer.py says what each is)."""
import argparse

MODELS = ["cpmedian", "lscpb", "pdispersion", "ufl"]


def parse():
    ap = argparse.ArgumentParser()
    ap.add_argument("instance")
    ap.add_argument("model", choices=MODELS)
    ap.add_argument("p", type=int, nargs="?", default=0)
    ap.add_argument("--time-limit", type=float, default=300)
    return ap.parse_args()
