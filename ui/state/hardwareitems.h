#pragma once

#include <QString>
#include <QStringList>

namespace llmsizer::ui {

// The app's --hardware items (HardwareChoice's "key=value" form: gpu=ID, gpus=N, ram=BYTES,
// ramGB=N, ramBandwidth=GB/S, runtime=ID, backend=auto|rocm|vulkan, context=N, batch=N,
// decodeEfficiency=E, prefillEfficiency=E (0: the runtime's own), vllmUtilization=F (0: 0.9),
// vllmMaxSeqs=N (0: vLLM's default), vllmSampler=sort|flashinfer, sglangFraction=F (0: SGLang's
// default), detected=0|1), checked
// strictly: every item a known key with a value in the range the My hardware view accepts.
// Returns "" or the first problem ("gpus=99999: must be an integer from 1 to 65,536"); whether
// the GPU id is in the catalog is the caller's to check. The settings file's copy of these items
// (what HardwareChoice::toStrings writes passes) is read leniently (HardwareChoice::fromStrings)
// and checked with this for its report.
QString hardwareItemsProblem(const QStringList& items);

} // namespace llmsizer::ui
