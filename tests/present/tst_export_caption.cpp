// The line every export carries: the model, the mode, the weight and KV precisions, the context
// and batch, the runtime's overhead, the app's version and where the published count comes from,
// each written here by hand.
#include "llmsizer/present/export_caption.h"
#include "support/test_main.h"

#include <QtTest>

using namespace llmsizer;

class TestExportCaption : public QObject {
    Q_OBJECT
private slots:
    void caption()
    {
        ExportFacts f;
        f.model = "Llama 3 70B";
        f.precision = "FP16/BF16";
        f.kv_precision = "FP16";
        f.context = 8192;
        f.batch = 1;
        f.runtime = "transformers";
        f.version = "0.1.0";
        f.published_source = "https://huggingface.co/meta-llama/Meta-Llama-3-70B";
        QCOMPARE(
            exportCaption(f),
            std::string("Llama 3 70B · inference · weights FP16/BF16, KV cache FP16 · 8,192 "
                        "tokens × batch 1 · overhead: transformers · LLM Sizer 0.1.0 · "
                        "published count: https://huggingface.co/meta-llama/Meta-Llama-3-70B"));
        // Training, a batch of 1,024, no runtime and no published figure.
        f.training = true;
        f.batch = 1024;
        f.runtime.clear();
        f.published_source.clear();
        QCOMPARE(exportCaption(f),
                 std::string("Llama 3 70B · training · weights FP16/BF16, KV cache FP16 · 8,192 "
                             "tokens × batch 1,024 · LLM Sizer 0.1.0"));
        // Textbook numbers say so: the bars hold only what is computed by hand.
        f.textbook = true;
        QCOMPARE(exportCaption(f),
                 std::string("Llama 3 70B · training (textbook numbers: by hand) · weights "
                             "FP16/BF16, KV cache FP16 · 8,192 tokens × batch 1,024 · LLM Sizer "
                             "0.1.0"));
        // A name from a file cannot carry control characters onto a slide.
        f.model = "evil\x1b]0;x";
        QVERIFY(exportCaption(f).find('\x1b') == std::string::npos);
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestExportCaption)
#include "tst_export_caption.moc"
