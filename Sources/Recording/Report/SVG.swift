/// How the report writes SVG: coordinates to 0.1 px, text escaped.
enum SVG {
    /// A coordinate or a length, to 0.1 px, no trailing zeros.
    static func number(_ value: Double) -> String {
        ChartScale.label(value, decimals: 1)
    }

    /// `text` safe inside an element or an attribute.
    static func text(_ text: String) -> String {
        ExportFormatting.xml(text)
    }
}
