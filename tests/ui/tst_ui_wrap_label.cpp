// WrapLabel (ui/kit): its size answers are a plain word-wrapped QLabel's for the same text, font
// and width, also after the text or the font changed (a remembered answer of the old text would
// fail here); and a label that keeps its height stays as tall as the tallest text it showed at a
// width until it is released or its font changes.
#include "support/test_main.h"
#include "ui/kit/wraplabel.h"

#include <QFont>
#include <QTest>

using namespace llmsizer::ui;

namespace {

const QString kLong = QStringLiteral(
    "Widening: d_model in steps of 1,024, head dim 128 kept, 8 query heads per KV head; d_ff "
    "×3.50 d_model, experts' width in proportion.");
const QString kShort = QStringLiteral("Widening: d_model in steps of 64.");
const QString kRich = QStringLiteral("<span style=\"font-size:large; font-weight:bold\">×2 layers "
                                     "→ ×1.9 parameters</span><br>Each layer adds 12 d² weights.");

struct Answers {
    QSize hint;
    QSize minimum;
    int height;
    bool operator==(const Answers&) const = default;
};

Answers answers(const QLabel& l, int width)
{
    return {l.sizeHint(), l.minimumSizeHint(), l.heightForWidth(width)};
}

// A fresh QLabel, word-wrapped, with `text` in `font`: the answers WrapLabel must give.
Answers expected(const QString& text, const QFont& font, int width)
{
    QLabel l(text);
    l.setWordWrap(true);
    l.setFont(font);
    return answers(l, width);
}

QFont bigFont()
{
    QFont f;
    f.setPixelSize(26);
    f.setBold(true);
    return f;
}

} // namespace

Q_DECLARE_METATYPE(Answers)

class TestUiWrapLabel : public QObject {
    Q_OBJECT
private slots:
    void answersAreQLabels_data()
    {
        QTest::addColumn<QString>("first");
        QTest::addColumn<QString>("second");
        QTest::addColumn<int>("width");
        QTest::newRow("long then short, 180 px") << kLong << kShort << 180;
        QTest::newRow("short then long, 180 px") << kShort << kLong << 180;
        QTest::newRow("long then rich, 320 px") << kLong << kRich << 320;
        QTest::newRow("rich then long, 90 px") << kRich << kLong << 90;
        QTest::newRow("long then empty, 600 px") << kLong << QString() << 600;
    }
    void answersAreQLabels()
    {
        QFETCH(QString, first);
        QFETCH(QString, second);
        QFETCH(int, width);
        // The oracle is a plain QLabel taken through the same changes.
        WrapLabel label(first);
        QLabel plain(first);
        plain.setWordWrap(true);
        QCOMPARE(answers(label, width), answers(plain, width));
        QCOMPARE(answers(label, width), answers(plain, width)); // asked again: remembered
        label.setText(second);
        plain.setText(second);
        QCOMPARE(answers(label, width), answers(plain, width));
        label.setFont(bigFont());
        plain.setFont(bigFont());
        QCOMPARE(answers(label, width), answers(plain, width));
        label.setText(first);
        plain.setText(first);
        QCOMPARE(answers(label, width), answers(plain, width));
        QCOMPARE(answers(label, width), expected(first, bigFont(), width));
    }

    void keepsTheTallestHeightAtAWidth()
    {
        const int width = 180;
        const QFont font;
        const int tall = expected(kLong, font, width).height;
        const int low = expected(kShort, font, width).height;
        QVERIFY2(tall > low, "the long text wraps to more lines than the short one at 180 px");
        WrapLabel label(kLong);
        label.setKeepsHeight(true);
        QCOMPARE(label.heightForWidth(width), tall);
        label.setText(kShort);
        QCOMPARE(label.heightForWidth(width), tall);                               // kept
        QCOMPARE(label.heightForWidth(2000), expected(kShort, font, 2000).height); // its own
        QVERIFY(label.alignment() & Qt::AlignTop); // the text stays where it was
        label.releaseHeight();
        QCOMPARE(label.heightForWidth(width), low);
        // A new font is another text size: what was kept in the old one goes.
        label.setText(kLong);
        QCOMPARE(label.heightForWidth(width), tall);
        label.setText(kShort);
        label.setFont(bigFont());
        QCOMPARE(label.heightForWidth(width), expected(kShort, bigFont(), width).height);
    }

    void withoutKeepingItFollowsTheText()
    {
        WrapLabel label(kLong);
        QCOMPARE(label.heightForWidth(180), expected(kLong, label.font(), 180).height);
        label.setText(kShort);
        QCOMPARE(label.heightForWidth(180), expected(kShort, label.font(), 180).height);
    }
};

LLMSIZER_TEST_MAIN(TestUiWrapLabel)
#include "tst_ui_wrap_label.moc"
