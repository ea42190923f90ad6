// The Custom GPUs form as text (present/gpu_form.h): ids from names, a GPU to the form and back,
// the core's messages for bad fields, and the list's rows. Expected values are written here.
#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/present/gpu_form.h"
#include "llmsizer/text/error.h"
#include "support/test_main.h"

#include <QtTest>

using namespace llmsizer;

namespace {

GpuForm validForm()
{
    GpuForm f;
    f.id = "my-card";
    f.name = "My card";
    f.vendor = "NVIDIA";
    f.memory = "24";
    f.bandwidth = "1008";
    f.bf16_tflops = "165.2";
    f.sources = "https://example.com/card\n  \nmy measurement  ";
    return f;
}

} // namespace

class TestGpuForm : public QObject {
    Q_OBJECT
private slots:
    void idFromName_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("id");
        QTest::newRow("spaces and brackets")
            << QStringLiteral("NVIDIA RTX 4070 (12 GB)") << QStringLiteral("nvidia-rtx-4070-12-gb");
        QTest::newRow("leading and trailing punctuation")
            << QStringLiteral("  --My card!! ") << QStringLiteral("my-card");
        QTest::newRow("non-ASCII letters are gaps")
            << QStringLiteral("Größe 48") << QStringLiteral("gr-e-48");
        QTest::newRow("no letters") << QStringLiteral("!!") << QString();
        QTest::newRow("at most 64 characters")
            << QString(70, QLatin1Char('a')) << QString(64, QLatin1Char('a'));
        QTest::newRow("no '-' at the cut") << QString(63, QLatin1Char('a')) + QStringLiteral(" b")
                                           << QString(63, QLatin1Char('a'));
    }
    void idFromName()
    {
        QFETCH(QString, name);
        QFETCH(QString, id);
        QCOMPARE(QString::fromStdString(gpuIdFromName(name.toStdString())), id);
    }

    void formToGpuAndBack()
    {
        const GpuSpec g = gpuFromForm(validForm());
        QVERIFY(g.user);
        QCOMPARE(g.id, std::string("my-card"));
        QCOMPARE(g.category, std::string("other"));
        QCOMPARE(g.memory_bytes, quint64(24) << 30);
        QCOMPARE(g.bandwidth_gb_s, 1008.0);
        QCOMPARE(g.bf16_tflops, std::optional<double>(165.2));
        QVERIFY(!g.fp8_tflops && !g.int8_tops);
        QCOMPARE(g.usable_fraction, 1.0);
        QCOMPARE(g.sources,
                 (std::vector<std::string>{"https://example.com/card", "my measurement"}));
        GpuForm back = gpuForm(g);
        QCOMPARE(back.memory, std::string("24"));
        QCOMPARE(back.usable_fraction, std::string("1"));
        QCOMPARE(back.sources, std::string("https://example.com/card\nmy measurement"));
        QVERIFY(gpuFromForm(back) == g);

        GpuForm gb = validForm();
        gb.memory = "12.5";
        gb.memory_unit = MemoryUnit::GB;
        gb.usable_fraction = "0.8";
        gb.int8_tops = "400";
        const GpuSpec d = gpuFromForm(gb);
        QCOMPARE(d.memory_bytes, quint64(12500000000ull));
        QCOMPARE(d.usableBytes(), quint64(10000000000ull));
        QCOMPARE(d.int8_tops, std::optional<double>(400.0));
        QCOMPARE(gpuListRow(d).memory, std::string("12.5 GB (10 usable)"));
        QCOMPARE(gpuListRow(d).int8, std::string("400"));
        // Whole numbers read as typed, not as 8e+01.
        GpuForm eighty = validForm();
        eighty.memory = "80";
        eighty.bandwidth = "3350";
        const GpuForm shown = gpuForm(gpuFromForm(eighty));
        QCOMPARE(shown.memory, std::string("80"));
        QCOMPARE(shown.bandwidth, std::string("3350"));
        QCOMPARE(gpuListRow(gpuFromForm(eighty)).memory, std::string("80 GiB"));
    }

    // The fields the form does not show come from the GPU being edited.
    void keepsNoteAndUncertainFields()
    {
        GpuSpec base;
        base.memory_note = "what the driver reports";
        base.uncertain_fields = {"bandwidth_gb_s"};
        const GpuSpec g = gpuFromForm(validForm(), base);
        QCOMPARE(g.memory_note, base.memory_note);
        QCOMPARE(g.uncertain_fields, base.uncertain_fields);
        const GpuListRow row = gpuListRow(g);
        QCOMPARE(row.bandwidth, std::string("1008*"));
        QCOMPARE(row.memory, std::string("24 GiB"));
        QCOMPARE(row.fp8, std::string("-"));
        QCOMPARE(row.source, std::string("https://example.com/card (+1 more)"));
        QCOMPARE(row.memory_tip, std::string("25,769,803,776 bytes\nwhat the driver reports"));
        const GpuDetails details = gpuDetails(g);
        QCOMPARE(details.title, std::string("My card (my-card), yours"));
        QCOMPARE(details.capacity, std::string("24 GiB = 25,769,803,776 bytes"));
        QCOMPARE(details.uncertain, std::vector<std::string>{"Bandwidth"});
    }

    // A CPU-only user device edited in the form stays one: its DDR memory, one pool and its
    // cores (it had become a GDDR GPU of no cores).
    void keepsACpuOnlyDevice()
    {
        GpuSpec base;
        base.memory_type = "DDR5";
        base.unified_memory = true;
        base.cpu_cores = 24;
        base.fp16_acc16_tflops = 9.0;
        GpuForm f = validForm();
        f.bf16_tflops = "4.3";
        const GpuSpec g = gpuFromForm(f, base);
        QCOMPARE(g.memory_type, std::string("DDR5"));
        QVERIFY(g.unified_memory);
        QVERIFY(g.cpuOnly());
        QCOMPARE(g.cpu_cores.value_or(0), 24u);
        QCOMPARE(g.fp16_acc16_tflops.value_or(0), 9.0);
    }

    void badFields_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("memory empty")
            << QStringLiteral("memory") << QString() << QStringLiteral("memory_gib: is required");
        QTest::newRow("bandwidth empty") << QStringLiteral("bandwidth") << QString()
                                         << QStringLiteral("bandwidth_gb_s: is required");
        QTest::newRow("decimal comma")
            << QStringLiteral("bf16") << QStringLiteral("165,2")
            << QStringLiteral("bf16_dense_tflops: must be a number (got \"165,2\")");
        QTest::newRow("id with capitals")
            << QStringLiteral("id") << QStringLiteral("My-Card")
            << QStringLiteral("id: must be 1 to 64 characters of a-z, 0-9 and '-', not starting or "
                              "ending with '-' (got 'My-Card')");
        QTest::newRow("unknown category")
            << QStringLiteral("category") << QStringLiteral("phone")
            << QStringLiteral("category: must be one of datacenter, workstation, consumer, apple, "
                              "other (got 'phone')");
    }
    void badFields()
    {
        QFETCH(QString, field);
        QFETCH(QString, value);
        QFETCH(QString, message);
        GpuForm f = validForm();
        const std::string v = value.toStdString();
        (field == QLatin1String("memory")      ? f.memory
         : field == QLatin1String("bandwidth") ? f.bandwidth
         : field == QLatin1String("bf16")      ? f.bf16_tflops
         : field == QLatin1String("id")        ? f.id
                                               : f.category) = v;
        try {
            (void)gpuFromForm(f);
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.what()), message);
        }
    }

    void categoriesAreTheCatalogs()
    {
        QCOMPARE(gpuCategories(), (std::vector<std::string>{"datacenter", "workstation", "consumer",
                                                            "apple", "other"}));
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestGpuForm)
#include "tst_gpu_form.moc"
