import Foundation

/// ΔT = TT − UT in seconds: how far the Earth's rotation has fallen behind uniform time.
///
/// - Before 1955: the cubic spline of Stephenson, Morrison & Hohenkerk (2016, with the 2020 addendum), from
///   −720 on; before −720, their long-term parabola −320 + 32.5 u², u = (year − 1825) / 100.
/// - 1955 to 2026.0: observed values (USNO to 1973, IERS after), every half year, linearly interpolated.
///   Over 1954 the spline is shifted linearly onto the first observed value, which it misses by 0.66 s,
///   so the model has no jump.
/// - After 2026.0: the last observed value, the last decade's mean rate, and the long-term parabola's
///   curvature (32.5 s per century²; the Moon's tidal braking, the one trend known to persist).
///
/// The argument is a decimal year on the Julian-epoch scale, 2000 + (JD − 2451545) / 365.25.
public enum DeltaT {
    /// ΔT (TT − UT) in seconds at a Julian day UT.
    public static func seconds(julianDayUT: Double) -> Double {
        seconds(year: 2000 + (julianDayUT - 2451545) / 365.25)
    }

    /// ΔT (TT − UT) in seconds at a decimal year on the Julian-epoch scale.
    public static func seconds(year: Double) -> Double {
        let lastObserved = observedStart + Double(observed.count - 1) * observedStep
        if year >= lastObserved {
            let years = year - lastObserved
            return observed[observed.count - 1] + recentRate * years + longTermCurvature * years * years
        }
        if year >= observedStart {
            let position = (year - observedStart) / observedStep
            let i = Int(position)
            let f = position - Double(i)
            return observed[i] + f * (observed[i + 1] - observed[i])
        }
        let joinStart = observedStart - 1
        if year >= joinStart {
            let gap = observed[0] - spline(observedStart)
            return spline(year) + (year - joinStart) * gap
        }
        if year >= splineRows[0].x0 { return spline(year) }
        let u = (year - 1825) / 100
        return -320 + 32.5 * u * u
    }

    /// The parabola's 32.5 s per century², per year².
    static let longTermCurvature = 32.5 / 10_000

    /// The SMH spline at `year`, which must be inside its rows.
    static func spline(_ year: Double) -> Double {
        // The last row whose start is at or before `year`: few rows, so a linear search.
        let row = splineRows.last { $0.x0 <= year } ?? splineRows[0]
        let t = (year - row.x0) / (row.x1 - row.x0)
        return row.a0 + t * (row.a1 + t * (row.a2 + t * row.a3))
    }
}
