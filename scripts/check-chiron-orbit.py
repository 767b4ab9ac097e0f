#!/usr/bin/env python3
"""A check of the Chiron the tables are fitted to (pyephemera 0.4.1's series, see make-asteroid-tables.py), not a
source: is the series one orbit under the Sun and the planets? It integrates Chiron's orbit under the Sun and the
planets of DE405 (Newtonian point masses, DE405's masses; the Earth and the Moon as their barycentre) over
1800-2100 and fits its state at J2000 to the series by least squares (Gauss-Newton, three rounds), then prints how
far the series lies from that one orbit (heliocentric direction, 120 instants). A series that followed JPL's
integrated orbit lies close to some orbit; one that was wrong in places would not. It also prints how far the
series strays from the orbit started from its own state at J2000 (a series' state at one instant is not exact,
and a tiny error in the velocity grows along the track), and does the same for any other body named (ceres: JPL's
sb441-n16, the yardstick of the method; Ceres also feels the other great asteroids, which are left out here).

    python3 scripts/check-chiron-orbit.py [ceres ...]   (scipy 1.17, plus make-asteroid-tables.py's packages;
    about three minutes a body)
"""
import importlib.util, os
import numpy as np
from scipy.integrate import solve_ivp

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("asteroid_tables", os.path.join(HERE, "make-asteroid-tables.py"))
tables = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tables)
E = tables.planets.E405
AU = tables.planets.AU_KM
PERTURBERS = [("sun", E.GMS), ("mercury", E.GM1), ("venus", E.GM2), ("earthmoon", E.GMB), ("mars", E.GM4),
              ("jupiter", E.GM5), ("saturn", E.GM6), ("uranus", E.GM7), ("neptune", E.GM8), ("pluto", E.GM9)]
EPOCH = 2451545.0


def acceleration(t, state):
    """AU/day²: every perturber's pull on the body, the perturbers where DE405 puts them."""
    r = state[:3]
    a = np.zeros(3)
    for name, gm in PERTURBERS:
        d = np.ravel(E.position(name, t)) / AU - r
        a += gm * d / np.dot(d, d) ** 1.5
    return np.concatenate([state[3:], a])


def heliocentric_au(name, t):
    return tables.heliocentric(name, np.atleast_1d(np.asarray(t, dtype=float))) / AU


def start(name):
    """Barycentric position and velocity (AU, AU/day) at the epoch, from the source; the velocity by the
    five-point difference over ±2 days (error h⁴ r⁽⁵⁾/30: a plain central difference's h² r‴/6 would make Ceres'
    mean motion wrong by a few parts in a million, several arc-minutes over two centuries)."""
    sun, sun_velocity = (v / AU for v in E.position_and_velocity("sun", np.array([EPOCH])))
    position = heliocentric_au(name, EPOCH)[:, 0] + sun[:, 0]
    at = {k: heliocentric_au(name, EPOCH + k)[:, 0] for k in (-2, -1, 1, 2)}
    velocity = (at[-2] - 8 * at[-1] + 8 * at[1] - at[2]) / 12 + sun_velocity[:, 0]
    return np.concatenate([position, velocity])


def strays(name):
    state = start(name)
    worst = {}
    for end, label in ((tables.planets.J1800, "1800"), (tables.planets.J2101, "2100")):
        times = np.linspace(EPOCH, end, 400)
        orbit = solve_ivp(acceleration, (EPOCH, end), state, method="DOP853", rtol=1e-12, atol=1e-14, t_eval=times)
        integrated = orbit.y[:3] - E.position("sun", times) / AU
        source = heliocentric_au(name, times)
        cosine = (integrated * source).sum(axis=0) / np.linalg.norm(integrated, axis=0) / np.linalg.norm(source, axis=0)
        angle = np.degrees(np.arccos(np.clip(cosine, -1, 1))) * 3600
        worst[label] = angle.max()
    print(f"{name}: the source strays from the orbit integrated from its J2000 state by at most "
          f"{worst['1800']:.2f}\" back to 1800, {worst['2100']:.2f}\" on to 2100 (heliocentric direction)")


def fitted(name):
    """The orbit that best fits the series over 1800-2100, and the largest and rms distance of the series from it."""
    times = [np.linspace(EPOCH, end, 60) for end in (tables.planets.J1800, tables.planets.J2101)]
    sources = [heliocentric_au(name, t) for t in times]
    suns = [E.position("sun", t) / AU for t in times]

    def residuals(state):
        parts = []
        for t, source, sun in zip(times, sources, suns):
            orbit = solve_ivp(acceleration, (t[0], t[-1]), state, method="DOP853", rtol=1e-11, atol=1e-13, t_eval=t)
            parts.append((((orbit.y[:3] - sun) - source) / np.linalg.norm(source, axis=0)).ravel())
        return np.concatenate(parts)

    state = start(name)
    r = residuals(state)
    for _ in range(3):
        jacobian = np.zeros((len(r), 6))
        for k in range(6):
            step = np.zeros(6)
            step[k] = 1e-7 if k < 3 else 1e-9  # AU, AU/day
            jacobian[:, k] = (residuals(state + step) - r) / step[k]
        state = state - np.linalg.lstsq(jacobian, r, rcond=None)[0]
        r = residuals(state)
    arcsec = np.degrees(1) * 3600
    print(f"{name}: the series lies within {np.abs(r).max() * arcsec:.2f}\" (rms {np.sqrt((r ** 2).mean()) * arcsec:.2f}\") "
          "of the one orbit that fits it best over 1800-2100 (per coordinate of the heliocentric direction)")


if __name__ == "__main__":
    import sys
    for name in ["chiron"] + sys.argv[1:]:
        strays(name)
        fitted(name)
