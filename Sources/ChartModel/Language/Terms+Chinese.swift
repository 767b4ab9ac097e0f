extension Terms {
    /// Simplified Chinese: the usual terms of mainland Chinese astrology (白羊座, 金牛座, …; 上升点, 天顶). The
    /// aspects by their fractions of the circle (`三分相` a trine, `四分相` a square, `对分相` the opposition), the
    /// usage of most Chinese astrology software, with `合相` and the quincunx's common name `梅花相`. "Sun in
    /// Taurus" is `太阳在金牛座`, with no space; an aspect reads `太阳与土星三分相` (A and B [are in] trine); full-width
    /// punctuation (`宫位制：Placidus`); dates as `1990年5月15日`.
    static let chinese = Terms(
        language: .zh,
        bodyNames: [
            .sun: "太阳", .moon: "月亮", .mercury: "水星", .venus: "金星", .mars: "火星", .jupiter: "木星",
            .saturn: "土星", .uranus: "天王星", .neptune: "海王星", .pluto: "冥王星", .northNode: "北交点",
            .meanNode: "平均北交点", .southNode: "南交点", .chiron: "凯龙星", .ceres: "谷神星", .pallas: "智神星",
            .juno: "婚神星", .vesta: "灶神星", .lilith: "莉莉丝", .partOfFortune: "福点",
        ],
        genders: [:],
        signNames: ["白羊座", "金牛座", "双子座", "巨蟹座", "狮子座", "处女座", "天秤座", "天蝎座", "射手座", "摩羯座", "水瓶座", "双鱼座"],
        signLocatives: ["在白羊座", "在金牛座", "在双子座", "在巨蟹座", "在狮子座", "在处女座", "在天秤座", "在天蝎座", "在射手座",
                        "在摩羯座", "在水瓶座", "在双鱼座"],
        placementTemplate: "{body}{sign}",
        aspectNames: [
            .conjunction: "合相", .opposition: "对分相", .square: "四分相", .trine: "三分相", .sextile: "六分相",
            .quincunx: "梅花相", .semiSextile: "半六分相", .semiSquare: "半四分相", .sesquiquadrate: "八分之三相",
            .quintile: "五分相", .biquintile: "倍五分相", .septile: "七分相", .novile: "九分相",
        ],
        aspectTemplate: "{first}与{second}{aspect}",
        aspectLowercasedInPhrase: false,
        elementNames: [.fire: "火象", .earth: "土象", .air: "风象", .water: "水象"],
        modalityNames: [.cardinal: "本位", .fixed: "固定", .mutable: "变动"],
        total: "合计",
        houseSystemNames: [
            "Placidus": "Placidus", "Koch": "Koch", "Regiomontanus": "Regiomontanus", "Campanus": "Campanus",
            "Porphyry": "Porphyry", "Equal": "等宫制", "Whole Sign": "整宫制",
        ],
        tropical: "回归黄道",
        sidereal: "恒星黄道",
        listSeparator: "，",
        housesHeading: "宫位制",
        zodiacHeading: "黄道",
        headingSeparator: "：",
        outerRingSynastry: "外圈，比较盘",
        outerRingTransits: "外圈，行运",
        ascendant: "上升点",
        midheaven: "天顶",
        retrogradeWord: AgreeingWord("逆行"),
        houseTemplate: "第{number}宫",
        orb: "容许度",
        aspectsHeading: "相位",
        innerAspectsHeading: "内盘相位",
        outerChartHeading: "外盘",
        crossAspectsHeading: "内外盘相位",
        outerWord: AgreeingWord("外盘"),
        outerTemplate: "{outer}{body}",
        natalWheelTitle: "本命星盘",
        biWheelTitle: "双盘",
        aspectGridTitle: "相位表",
        elementTableTitle: "元素与模式",
        monthNames: ["一月", "二月", "三月", "四月", "五月", "六月", "七月", "八月", "九月", "十月", "十一月", "十二月"],
        dateTemplate: "{year}年{monthNumber}月{day}日",
        firstOfMonth: nil,
        monthNamesInDates: nil,
        compassPoints: ["北纬", "南纬", "东经", "西经"],
        coordinateTemplate: "{point}{amount}"
    )
}
