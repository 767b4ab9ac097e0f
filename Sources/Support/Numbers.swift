/// A number as a person writes it and a message shows it: `400`, `91.5`, `-0.25`, `nan`, `-inf`; a whole number
/// without Swift's `.0`, any other as Swift's shortest round-tripping form.
package func plainNumber(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    // Below 1e15 every whole Double fits an Int and prints in full; above, Swift's exponent form is shorter.
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return "\(value)"
}
