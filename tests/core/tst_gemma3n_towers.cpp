// Gemma 3n's vision tower (timm's MobileNet-V5 300M encoder) and audio encoder (transformers'
// Gemma3nAudioEncoder), counted by hand here from the block shapes of timm's mobilenetv5.py
// (@aa4b5850: arch_def of _gen_mobilenet_v5) and modeling_gemma3n.py, and the whole model
// against the published totals. The configs and sources are in
// tests/data/reference/hf-configs-2026/index.json.
#include "llmsizer/formats/hf_import.h"
#include "llmsizer/model/count.h"
#include "llmsizer/text/error.h"
#include "support/test_main.h"

#include <QtTest>
#include <fstream>

using namespace llmsizer;
using nlohmann::json;

namespace {

const std::string kConfigs = std::string(LLMSIZER_TEST_REFERENCE_DIR) + "/hf-configs-2026";

json config(const std::string& dir)
{
    std::ifstream in(kConfigs + "/" + dir + "/config.json");
    return json::parse(in);
}

// Block shapes: conv weights [out, in/groups, k, k], each followed by a scale-only RMSNorm.
// EdgeResidual: conv_exp k×k in→mid, conv_pwl mid→out.
constexpr quint64 er(quint64 in, quint64 mid, quint64 out, quint64 k)
{
    return in * mid * k * k + mid + mid * out + out;
}
// UniversalInvertedResidual: depthwise a×a (a > 0), pw_exp, depthwise k×k (k > 0), pw_proj,
// layer scale.
constexpr quint64 uir(quint64 in, quint64 mid, quint64 out, quint64 a, quint64 k)
{
    return (a > 0 ? in * a * a + in : 0) + in * mid + mid + (k > 0 ? mid * k * k + mid : 0) +
           mid * out + out + out;
}
// MobileAttention on c channels: norm, query h·d, key d, value d, output, layer scale, and with
// a key/value stride, a depthwise 3×3 down-conv and a norm for each of key and value.
constexpr quint64 mqa(quint64 c, quint64 h, quint64 d, bool strided)
{
    return c + c * h * d + 2 * c * d + h * d * c + c + (strided ? 2 * (c * 9 + c) : 0);
}

} // namespace

class TestGemma3nTowers : public QObject {
    Q_OBJECT
private slots:
    void visionTowerByStage()
    {
        const ParamCount count =
            countParameters(importHfConfigFile(kConfigs + "/gemma-3n-e4b-it/config.json").config);
        const ComponentCount& v = count.get(Component::VisionTower);
        // The stem: 3×3 conv 3 → 64 with a bias, and its norm.
        QCOMPARE(quint64(v.part("stem")), quint64(64 * 3 * 9 + 64 + 64));
        QCOMPARE(quint64(v.part("stage0")), er(64, 256, 128, 3) + 2 * er(128, 512, 128, 3));
        QCOMPARE(quint64(v.part("stage1")), uir(128, 768, 256, 3, 5) +
                                                2 * uir(256, 1024, 256, 5, 0) +
                                                2 * uir(256, 1024, 256, 3, 0));
        QCOMPARE(quint64(v.part("stage2")),
                 uir(256, 1536, 640, 5, 5) + 7 * uir(640, 2560, 640, 5, 0) +
                     uir(640, 640, 640, 0, 0) +
                     14 * (mqa(640, 12, 64, true) + uir(640, 1280, 640, 0, 0)));
        QCOMPARE(quint64(v.part("stage3")),
                 uir(640, 3840, 1280, 5, 5) +
                     19 * (mqa(1280, 16, 96, false) + uir(1280, 2560, 1280, 0, 0)));
        // The fusion adapter: 640 + 1280 channels → 3,840 → 2,048 (no layer scale), then a norm.
        QCOMPARE(quint64(v.part("msfa")), quint64(1920 * 3840 + 3840 + 3840 * 2048 + 2048 + 2048));
        // Written out: 1,856 + 1,492,608 + 2,439,168 + 63,407,744 + 211,540,480 + 15,245,056.
        QCOMPARE(quint64(v.params), quint64(294126912));
        // timm's benchmark tables list mobilenetv5_300m_enc at param_count 294.13 (million);
        // keras-hub's MobileNetV5 preset says 294,284,096, its port adding a zero bias to every
        // convolution of the ER, UIR and fusion blocks: 1,664 + 8,064 + 59,008 + 82,560 + 5,888.
        QVERIFY(v.params >= 294125000 && v.params < 294135000);
        QCOMPARE(quint64(v.params) + 1664 + 8064 + 59008 + 82560 + 5888, quint64(294284096));
    }

    // Gemma3nAudioEncoder of E4B's audio_config: D 1536, 8 heads of 192, 12 conformer blocks,
    // kernel 5; the subsampler's convs 1 → 128 → 32 channels (3×3), frequencies 128 → 64 → 32.
    void audioEncoderByHand()
    {
        const ParamCount count =
            countParameters(importHfConfigFile(kConfigs + "/gemma-3n-e4b-it/config.json").config);
        const ComponentCount& a = count.get(Component::AudioTower);
        const quint64 D = 1536;
        QCOMPARE(quint64(a.part("subsample")),
                 quint64(128 * 9 + 128 + 32 * 128 * 9 + 32 + 32 * 32 * D)); // 1,611,040
        // Per block: two feed-forwards 2·(8D² + 2D); attention 5D² + 2D + 192; light conv
        // 3D² + 5D + 2D; a final norm D: 24D² + 14D + 192 = 56,644,800.
        const quint64 block = 24 * D * D + 14 * D + 192;
        QCOMPARE(block, quint64(56644800));
        QCOMPARE(quint64(a.params), quint64(1611040) + 12 * block);
        QCOMPARE(quint64(a.params), quint64(681348640));
    }

    // keras-hub's presets: E4B 7,850,135,376 and E2B 5,439,595,456, both including the 157,184
    // zero biases of keras-hub's MobileNet-V5 port (above), which transformers does not build.
    void wholeModelAgainstPublished_data()
    {
        QTest::addColumn<QString>("dir");
        QTest::addColumn<quint64>("published");
        QTest::newRow("E4B") << QStringLiteral("gemma-3n-e4b-it") << quint64(7850135376);
        QTest::newRow("E2B") << QStringLiteral("gemma-3n-e2b-it") << quint64(5439595456);
    }
    void wholeModelAgainstPublished()
    {
        QFETCH(QString, dir);
        QFETCH(quint64, published);
        const HfImport hf = importHfConfigFile(kConfigs + "/" + dir.toStdString() + "/config.json");
        QCOMPARE(QString::fromStdString(hf.config.not_counted), QString());
        QCOMPARE(quint64(countParameters(hf.config).total), published - 157184);
    }

    // Another MobileNet-V5 is named as not counted; the audio encoder is still counted.
    void otherVisionArchitectureIsNamed()
    {
        json j = config("gemma-3n-e4b-it");
        j["vision_config"]["architecture"] = "mobilenetv5_base";
        const HfImport hf = importHfConfig(j, "e4b.json");
        QVERIFY(hf.config.not_counted.find("mobilenetv5_base") != std::string::npos);
        const ParamCount count = countParameters(hf.config);
        QCOMPARE(quint64(count.params(Component::VisionTower)), quint64(0));
        QCOMPARE(quint64(count.params(Component::AudioTower)), quint64(681348640));
    }

    void badAudioFieldsAreNamed_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("value");
        QTest::newRow("kernel pairs") << "sscp_conv_kernel_size"
                                      << "[[3, 3]]";
        QTest::newRow("zero kernel") << "sscp_conv_kernel_size"
                                     << "[[3, 0], [3, 3]]";
        QTest::newRow("channels") << "sscp_conv_channel_size"
                                  << "[128]";
        QTest::newRow("heads") << "conf_num_attention_heads"
                               << "7";
    }
    void badAudioFieldsAreNamed()
    {
        QFETCH(QString, field);
        QFETCH(QString, value);
        json j = config("gemma-3n-e4b-it");
        j["audio_config"][field.toStdString()] = json::parse(value.toStdString());
        try {
            importHfConfig(j, "e4b.json");
            QFAIL("accepted");
        } catch (const InputError& e) {
            const QString what = QString::fromUtf8(e.what());
            QVERIFY2(what.contains(QStringLiteral("e4b.json")), qPrintable(what));
            QVERIFY2(what.contains(QStringLiteral("audio_config.") + field), qPrintable(what));
        }
    }
};

LLMSIZER_TEST_APPLESS_MAIN(TestGemma3nTowers)
#include "tst_gemma3n_towers.moc"
