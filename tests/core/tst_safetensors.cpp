// safetensors headers: exact counts of full-size (sparse) checkpoints against the published
// counts, per component against hand calculations and against the estimate from the model's own
// config.json, and the dtypes.
#include "llmsizer/formats/checkpoint.h"
#include "llmsizer/formats/safetensors.h"
#include "llmsizer/text/error.h"
#include "support/model_tensors.h"
#include "support/safetensors_writer.h"
#include "support/test_main.h"

#include <QTemporaryDir>
#include <QtTest>
#include <filesystem>

using namespace llmsizer;
using namespace testsupport;

Q_DECLARE_METATYPE(std::vector<testsupport::StTensor>)

namespace fs = std::filesystem;

namespace {

const fs::path kReference = LLMSIZER_TEST_REFERENCE_DIR;

using Counts = QList<quint64>; // per component, in kAllComponents order (mixer after attention)

} // namespace

class TestSafetensors : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    std::string path(const char* name) const { return (m_dir.path() + u'/').toStdString() + name; }

private slots:
    void publishedCounts_data()
    {
        QTest::addColumn<QString>("config"); // tests/data/reference/hf-configs/<config>
        QTest::addColumn<std::vector<StTensor>>("tensors");
        QTest::addColumn<quint64>("total");
        QTest::addColumn<quint64>("bytes");
        QTest::addColumn<quint64>("bufferParams");
        QTest::addColumn<Counts>("components");
        // Totals are the published counts in tests/data/reference/hf-configs/index.json; the
        // components are hand calculations from the shapes.
        // Llama-3.1-8B: embed 128256·4096 = 525,336,576; attention 32·(2·4096² + 2·1024·4096)
        // = 1,342,177,280; MLP 32·3·4096·14336 = 5,637,144,576; norms 32·2·4096 + 4096 = 266,240;
        // lm_head 525,336,576. Bytes: BF16, 2 per parameter = 16,060,522,496 (the index's
        // total_size).
        QTest::newRow("Llama-3.1-8B, BF16")
            << QStringLiteral("llama-3.1-8b") << llamaTensors(llama31_8b())
            << quint64(8'030'261'248ull) << quint64(16'060'522'496ull) << quint64(0)
            << Counts{525'336'576ull,   0, 1'342'177'280ull, 0 /* mixer */,
                      5'637'144'576ull, 0, 266'240,          525'336'576ull};
        // Llama-2-7B: embed 32000·4096 = 131,072,000; attention 32·4·4096² = 2,147,483,648; MLP
        // 32·3·4096·11008 = 4,328,521,728; norms 266,240; lm_head 131,072,000. The checkpoint
        // also stores 32 rotary inv_freq buffers of 64 (index.json: HF's safetensors total is
        // exactly 2048 more than the parameter count).
        QTest::newRow("Llama-2-7B, F16, inv_freq buffers")
            << QStringLiteral("llama-2-7b") << llamaTensors(llama2_7b())
            << quint64(6'738'415'616ull) << quint64(13'476'831'232ull) << quint64(2048)
            << Counts{131'072'000ull,   0, 2'147'483'648ull, 0 /* mixer */,
                      4'328'521'728ull, 0, 266'240,          131'072'000ull};
        // GPT-2 small: wte 50257·768 = 38,597,376; wpe 1024·768 = 786,432; attention 12·(768·2304
        // + 2304 + 768·768 + 768) = 28,348,416; MLP 12·(768·3072 + 3072 + 3072·768 + 768) =
        // 56,669,184; norms 12·4·768 + 2·768 = 38,400; tied head. Buffers: 12 causal masks of
        // 1024·1024 = 12,582,912.
        QTest::newRow("GPT-2 small, F32, tied, attn.bias buffers")
            << QStringLiteral("gpt-2-small") << gpt2SmallTensors() << quint64(124'439'808ull)
            << quint64(497'759'232ull) << quint64(12'582'912ull)
            << Counts{38'597'376ull, 786'432ull, 28'348'416ull, 0 /* mixer */,
                      56'669'184ull, 0,          38'400ull,     0};
        // Mixtral-8x7B: attention as Llama-3.1-8B = 1,342,177,280; experts 32·8·3·4096·14336 =
        // 45,097,156,608; router 32·8·4096 = 1,048,576; embed and head 32000·4096 each.
        QTest::newRow("Mixtral-8x7B, per-expert tensors")
            << QStringLiteral("mixtral-8x7b-v0.1") << llamaTensors(mixtral8x7b())
            << quint64(46'702'792'704ull) << quint64(93'405'585'408ull) << quint64(0)
            << Counts{
                   131'072'000ull, 0,          1'342'177'280ull, 0 /* mixer */, 45'097'156'608ull,
                   1'048'576ull,   266'240ull, 131'072'000ull};
        // Phi-3-mini: qkv_proj 3072·9216 + o_proj 3072² = 37,748,736 per layer, ×32 =
        // 1,207,959,552; gate_up 3072·16384 + down 8192·3072 = 75,497,472, ×32 = 2,415,919,104;
        // norms 32·2·3072 + 3072 = 199,680; embed and head 32064·3072 = 98,500,608 each.
        QTest::newRow("Phi-3-mini, fused qkv and gate_up")
            << QStringLiteral("phi-3-mini-4k-instruct") << llamaTensors(phi3Mini())
            << quint64(3'821'079'552ull) << quint64(7'642'159'104ull) << quint64(0)
            << Counts{98'500'608ull,    0, 1'207'959'552ull, 0 /* mixer */,
                      2'415'919'104ull, 0, 199'680ull,       98'500'608ull};
        // Qwen3-8B: attention 36·(2·4096² + 2·1024·4096 + 2·128 q/k norm) = 1,509,958,656; MLP
        // 36·3·4096·12288 = 5,435,817,984; norms 36·2·4096 + 4096 = 299,008; embed and head
        // 151936·4096 = 622,329,856 each.
        QTest::newRow("Qwen3-8B, q/k norms")
            << QStringLiteral("qwen3-8b") << llamaTensors(qwen3_8b()) << quint64(8'190'735'360ull)
            << quint64(16'381'470'720ull) << quint64(0)
            << Counts{622'329'856ull,   0, 1'509'958'656ull, 0 /* mixer */,
                      5'435'817'984ull, 0, 299'008ull,       622'329'856ull};
        // GPT-NeoX-20B: per layer qkv 6144·18432 + 18432, dense 6144² + 6144 = 151,019,520 (×44 =
        // 6,644,858,880); MLP 2·6144·24576 + 24576 + 6144 = 302,020,608 (×44 = 13,288,906,752);
        // norms 44·4·6144 + 2·6144 = 1,093,632; embed_in and embed_out 50432·6144 = 309,854,208.
        // Buffers per layer: the 2048² causal mask, masked_bias (a scalar), inv_freq [12].
        QTest::newRow("GPT-NeoX-20B, F16, buffers")
            << QStringLiteral("gpt-neox-20b") << gptNeox20bTensors() << quint64(20'554'567'680ull)
            << quint64(41'109'135'360ull) << quint64(44ull * (2048 * 2048 + 1 + 12))
            << Counts{309'854'208ull,    0, 6'644'858'880ull, 0 /* mixer */,
                      13'288'906'752ull, 0, 1'093'632ull,     309'854'208ull};
    }
    void publishedCounts()
    {
        QFETCH(QString, config);
        QFETCH(std::vector<StTensor>, tensors);
        QFETCH(quint64, total);
        QFETCH(quint64, bytes);
        QFETCH(quint64, bufferParams);
        QFETCH(Counts, components);
        const fs::path dir = fs::path(path("model"));
        fs::create_directories(dir);
        const std::string file = (dir / "model.safetensors").string();
        writeSafetensors(file, tensors, {{"format", "pt"}});

        const SafetensorsHeader h = readSafetensorsHeader(file);
        QCOMPARE(h.tensors.size(), tensors.size());
        QCOMPARE(h.metadata.size(), std::size_t(1));

        // The model's config.json beside the file: the estimate equals the checkpoint in every
        // component, so the names were mapped as the counting model splits the parameters.
        fs::copy_file(kReference / "hf-configs" / config.toStdString() / "config.json",
                      dir / "config.json", fs::copy_options::overwrite_existing);
        const Checkpoint c = inspectCheckpoint(file);
        QCOMPARE(quint64(c.total_params), total);
        QCOMPARE(quint64(c.total_bytes), bytes);
        QCOMPARE(quint64(c.buffer_params), bufferParams);
        QVERIFY(c.unmapped.empty());
        // Components the row does not list (the vision tower, the projector) are empty.
        for (std::size_t i = 0; i < std::size(kAllComponents); ++i) {
            const auto k = static_cast<qsizetype>(i);
            QCOMPARE(quint64(c.components[i].params), k < components.size() ? components[k] : 0);
        }
        QVERIFY2(c.estimate.has_value(), c.estimate_note.c_str());
        for (const ComponentDiff& d : c.diff) {
            QVERIFY2(d.difference == 0, d.key.c_str());
        }
        QCOMPARE(quint64(c.estimate->total), total);
        fs::remove_all(dir);
    }

    void headerIsTheOnlyThingRead()
    {
        // A 93 GB Mixtral checkpoint whose data section is a hole: reading the header must not
        // touch the data (the test would take minutes and fill memory otherwise).
        const std::string file = path("mixtral.safetensors");
        writeSafetensors(file, llamaTensors(mixtral8x7b()));
        QElapsedTimer timer;
        timer.start();
        const SafetensorsHeader h = readSafetensorsHeader(file);
        QVERIFY(timer.elapsed() < 5000);
        // 1 embedding + 32·(2 norms + 4 attention + 1 router + 8·3 experts) + norm + head.
        QCOMPARE(h.tensors.size(), std::size_t(1 + 32 * 31 + 2));
        QCOMPARE(quint64(h.file_size), quint64(8 + h.header_size + 93'405'585'408ull));
        std::filesystem::remove(file);
    }

    void dtypes_data()
    {
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<quint64>("bytes");
        // 6 elements each: bits per element from the safetensors Dtype enum.
        QTest::newRow("F64") << QStringLiteral("F64") << quint64(48);
        QTest::newRow("F32") << QStringLiteral("F32") << quint64(24);
        QTest::newRow("BF16") << QStringLiteral("BF16") << quint64(12);
        QTest::newRow("F16") << QStringLiteral("F16") << quint64(12);
        QTest::newRow("I64") << QStringLiteral("I64") << quint64(48);
        QTest::newRow("I32") << QStringLiteral("I32") << quint64(24);
        QTest::newRow("I16") << QStringLiteral("I16") << quint64(12);
        QTest::newRow("I8") << QStringLiteral("I8") << quint64(6);
        QTest::newRow("U8") << QStringLiteral("U8") << quint64(6);
        QTest::newRow("BOOL") << QStringLiteral("BOOL") << quint64(6);
        QTest::newRow("F8_E4M3") << QStringLiteral("F8_E4M3") << quint64(6);
        QTest::newRow("F8_E5M2") << QStringLiteral("F8_E5M2") << quint64(6);
        QTest::newRow("F4 (two per byte)") << QStringLiteral("F4") << quint64(3);
        QTest::newRow("F6_E2M3 (6 bits)") << QStringLiteral("F6_E2M3") << quint64(36 / 8 + 1);
    }
    void dtypes()
    {
        QFETCH(QString, dtype);
        QFETCH(quint64, bytes);
        if (dtype == QLatin1String("F6_E2M3")) {
            // 6 elements of 6 bits = 36 bits: not a whole number of bytes.
            const std::string json =
                R"({"a":{"dtype":"F6_E2M3","shape":[2,3],"data_offsets":[0,5]}})";
            QVERIFY_THROWS_EXCEPTION(InputError,
                                     parseSafetensorsHeader(json, 8 + json.size() + 5, "x"));
            return;
        }
        const std::string json = "{\"a\":{\"dtype\":\"" + dtype.toStdString() +
                                 "\",\"shape\":[2,3],\"data_offsets\":[0," + std::to_string(bytes) +
                                 "]}}";
        const SafetensorsHeader h = parseSafetensorsHeader(json, 8 + json.size() + bytes, "x");
        QCOMPARE(quint64(h.tensors.at(0).bytes), bytes);
        QCOMPARE(quint64(h.tensors.at(0).params), quint64(6));
    }

    void unknownFieldsAndPaddingAccepted()
    {
        // Unknown fields inside an entry are skipped (serde ignores them); trailing spaces pad
        // the header to an 8-byte multiple.
        const std::string json =
            R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8],"extra":{"x":[1,[2]]}}}   )";
        const SafetensorsHeader h = parseSafetensorsHeader(json, 8 + json.size() + 8, "x");
        QCOMPARE(h.tensors.size(), std::size_t(1));
        QCOMPARE(quint64(h.tensors[0].bytes), quint64(8));
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestSafetensors)
#include "tst_safetensors.moc"
