#pragma once

// An independent evaluator of Show the math's substituted expressions (the grammar documented in
// present/mathtext.h): exact fractions over 128-bit integers, numbers with thousands separators.
#include <QString>
#include <string>

namespace mathcheck {

__extension__ using i128 = __int128;

// An exact fraction.
struct Q {
    i128 num = 0;
    i128 den = 1;
};

inline i128 gcd128(i128 a, i128 b)
{
    a = a < 0 ? -a : a;
    b = b < 0 ? -b : b;
    while (b != 0) {
        const i128 t = a % b;
        a = b;
        b = t;
    }
    return a == 0 ? 1 : a;
}

inline Q norm(Q q)
{
    const i128 g = gcd128(q.num, q.den);
    return {q.num / g, q.den / g};
}

// Recursive descent over the grammar documented in mathtext.h; numbers carry thousands
// separators, as everywhere in the app.
class Evaluator {
public:
    explicit Evaluator(const QString& s) : m_s(s) {}
    bool run(Q& out)
    {
        out = expr();
        skip();
        return m_ok && m_i == m_s.size();
    }

private:
    void skip()
    {
        while (m_i < m_s.size() && m_s[m_i] == u' ') {
            ++m_i;
        }
    }
    bool eat(char16_t ch)
    {
        skip();
        if (m_i < m_s.size() && m_s[m_i] == QChar(ch)) {
            ++m_i;
            return true;
        }
        return false;
    }
    Q expr()
    {
        Q v = term();
        for (;;) {
            if (eat(u'+')) {
                const Q r = term();
                v = norm({v.num * r.den + r.num * v.den, v.den * r.den});
            } else if (eat(u'−')) {
                const Q r = term();
                v = norm({v.num * r.den - r.num * v.den, v.den * r.den});
            } else {
                return v;
            }
        }
    }
    Q term()
    {
        Q v = factor();
        for (;;) {
            if (eat(u'·') || eat(u'×')) {
                const Q r = factor();
                v = norm({v.num * r.num, v.den * r.den});
            } else if (eat(u'/')) {
                const Q r = factor();
                v = norm({v.num * r.den, v.den * r.num});
            } else {
                return v;
            }
        }
    }
    Q factor()
    {
        Q v = primary();
        if (eat(u'²')) {
            v = norm({v.num * v.num, v.den * v.den});
        }
        return v;
    }
    Q primary()
    {
        if (eat(u'(')) {
            const Q v = expr();
            m_ok = m_ok && eat(u')');
            return v;
        }
        if (eat(u'⌈')) {
            const Q v = expr();
            m_ok = m_ok && eat(u'⌉');
            return {(v.num + v.den - 1) / v.den, 1};
        }
        skip();
        i128 n = 0;
        const qsizetype start = m_i;
        qsizetype group = 0; // digits since the last comma
        bool grouped = false;
        while (m_i < m_s.size()) {
            if (m_s[m_i].isDigit()) {
                n = n * 10 + (m_s[m_i].unicode() - u'0');
                ++group;
            } else if (m_s[m_i] == u',' && group >= 1 && (grouped ? group == 3 : group <= 3)) {
                // A thousands separator: 1 to 3 digits before the first, 3 between the others.
                grouped = true;
                group = 0;
            } else {
                break;
            }
            ++m_i;
        }
        // Grouped numbers are grouped all the way ("8,192", never "8,1920" or "8192,000"), and
        // numbers of four digits or more are grouped.
        m_ok = m_ok && m_i > start && (grouped ? group == 3 : group <= 3);
        return {n, 1};
    }

    QString m_s;
    qsizetype m_i = 0;
    bool m_ok = true;
};

inline bool evaluates(const std::string& text, quint64 expected)
{
    Q q;
    if (!Evaluator(QString::fromStdString(text)).run(q)) {
        return false;
    }
    return q.den == 1 && q.num == static_cast<i128>(expected);
}

} // namespace mathcheck
