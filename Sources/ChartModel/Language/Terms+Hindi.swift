extension Terms {
    /// Hindi: the signs, the seven classical planets, the nodes (`राहु`, `केतु`), the ascendant (`लग्न`), the
    /// elements, modalities (`चर`, `स्थिर`, `द्विस्वभाव`), zodiacs (`सायन`, `निरयण`), retrograde (`वक्री`), orb
    /// (`दीप्तांश`) and transits (`गोचर`) by Jyotish's own words, which Hindi readers know; the bodies Jyotish
    /// does not have (Uranus, Neptune, Pluto, Chiron, the asteroids, Lilith) by the transliterations Hindi astrology
    /// writing uses for Western charts (`यूरेनस`, `नेपच्यून`, `प्लूटो`). "Sun in Taurus" is `सूर्य वृषभ में`.
    /// Aspects with a Jyotish relation of signs take its name (`केंद्र` for a square, `त्रिकोण` a trine,
    /// `षडाष्टक` the 6/8 quincunx); the others are transliterated (`सेक्सटाइल`, `क्विंटाइल`).
    static let hindi = Terms(
        language: .hi,
        bodyNames: [
            .sun: "सूर्य", .moon: "चंद्र", .mercury: "बुध", .venus: "शुक्र", .mars: "मंगल", .jupiter: "बृहस्पति",
            .saturn: "शनि", .uranus: "यूरेनस", .neptune: "नेपच्यून", .pluto: "प्लूटो", .northNode: "राहु",
            .meanNode: "मध्यम राहु", .southNode: "केतु", .chiron: "काइरॉन", .ceres: "सेरेस", .pallas: "पैलस",
            .juno: "जूनो", .vesta: "वेस्टा", .lilith: "लिलिथ", .partOfFortune: "भाग्य बिंदु",
        ],
        genders: [:],
        signNames: ["मेष", "वृषभ", "मिथुन", "कर्क", "सिंह", "कन्या", "तुला", "वृश्चिक", "धनु", "मकर", "कुंभ", "मीन"],
        signLocatives: ["मेष में", "वृषभ में", "मिथुन में", "कर्क में", "सिंह में", "कन्या में", "तुला में", "वृश्चिक में",
                        "धनु में", "मकर में", "कुंभ में", "मीन में"],
        placementTemplate: "{body} {sign}",
        aspectNames: [
            .conjunction: "युति", .opposition: "प्रतियुति", .square: "केंद्र", .trine: "त्रिकोण",
            .sextile: "सेक्सटाइल", .quincunx: "षडाष्टक", .semiSextile: "सेमी-सेक्सटाइल", .semiSquare: "सेमी-स्क्वेयर",
            .sesquiquadrate: "सेस्क्वीक्वाड्रेट", .quintile: "क्विंटाइल", .biquintile: "बाइक्विंटाइल", .septile: "सेप्टाइल",
            .novile: "नोवाइल",
        ],
        aspectTemplate: "{first} {aspect} {second}",
        aspectLowercasedInPhrase: false,
        elementNames: [.fire: "अग्नि", .earth: "पृथ्वी", .air: "वायु", .water: "जल"],
        modalityNames: [.cardinal: "चर", .fixed: "स्थिर", .mutable: "द्विस्वभाव"],
        total: "कुल",
        houseSystemNames: [
            "Placidus": "Placidus", "Koch": "Koch", "Regiomontanus": "Regiomontanus", "Campanus": "Campanus",
            "Porphyry": "Porphyry", "Equal": "समान भाव", "Whole Sign": "पूर्ण राशि",
        ],
        tropical: "सायन",
        sidereal: "निरयण",
        listSeparator: ", ",
        housesHeading: "भाव",
        zodiacHeading: "राशिचक्र",
        headingSeparator: ": ",
        outerRingSynastry: "बाहरी वलय, सिनेस्ट्री",
        outerRingTransits: "बाहरी वलय, गोचर",
        ascendant: "लग्न",
        midheaven: "मध्य आकाश",
        retrogradeWord: AgreeingWord("वक्री"),
        houseTemplate: "भाव {number}",
        orb: "दीप्तांश",
        aspectsHeading: "दृष्टियाँ",
        innerAspectsHeading: "भीतरी कुंडली की दृष्टियाँ",
        outerChartHeading: "बाहरी कुंडली",
        crossAspectsHeading: "दोनों कुंडलियों के बीच दृष्टियाँ",
        outerWord: AgreeingWord("बाहरी"),
        outerTemplate: "{outer} {body}",
        natalWheelTitle: "जन्म कुंडली चक्र",
        biWheelTitle: "द्वि-चक्र कुंडली",
        aspectGridTitle: "दृष्टि तालिका",
        elementTableTitle: "तत्व और स्वभाव",
        monthNames: ["जनवरी", "फ़रवरी", "मार्च", "अप्रैल", "मई", "जून", "जुलाई", "अगस्त", "सितंबर", "अक्टूबर", "नवंबर",
                     "दिसंबर"],
        dateTemplate: "{day} {month} {year}",
        firstOfMonth: nil,
        monthNamesInDates: nil,
        compassPoints: ["उत्तर", "दक्षिण", "पूर्व", "पश्चिम"],
        coordinateTemplate: "{amount} {point}"
    )
}
