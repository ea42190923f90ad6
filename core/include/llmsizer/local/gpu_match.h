#pragma once

#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/local/system.h"
#include "llmsizer/shape/runs.h"

#include <string>
#include <string_view>
#include <vector>

// Which catalog GPU each detected GPU is, and the machine the runs table answers for.
namespace llmsizer {

// Sets catalog_id and match on every GPU: by its name (the catalog name's words, vendor and
// memory words aside, all in the driver's name: "NVIDIA A100-SXM4-80GB" is the A100 SXM 80GB),
// else by its PCI id (the PCI ID Repository's device ids of the catalog's cards), and only when
// the reported memory is the catalog's (between 90% and 101% of it: drivers report a little
// less, ECC takes more). Names the driver left empty come from the PCI id ("AMD Radeon RX 7900
// XTX" for 1002:744c with 24 GiB).
void matchGpus(std::vector<DetectedGpu>& gpus, const GpuCatalog& catalog);

// A GPU the catalog does not have, as a custom GPU: its name and reported memory; bandwidth and
// throughput unknown (bandwidth_gb_s 0: speeds cannot be estimated and are shown as unknown).
GpuSpec customGpu(const DetectedGpu& gpu);

// The machine for `runs`: the GPUs that hold models (integrated GPUs and GPUs without memory
// left out), counted as `gpus` copies of one kind. With GPUs of different kinds, the largest
// total is taken: the N largest counted as N of the smallest of them (its memory, the lowest
// bandwidth and throughput among them), and a note says so. RAM: the available RAM. Without a
// GPU that holds models, the machine is its CPU and RAM (cpuMachine): cpu_only.
struct DetectedMachine {
    bool has_gpu = false;
    bool cpu_only = false; // no GPU: hardware.gpu is cpuMachine(info)
    Hardware hardware;
    std::vector<std::string> notes;
};
DetectedMachine machineFromSystem(const SystemInfo& info, const GpuCatalog& catalog);

// The id of this machine's CPU as a device (cpuMachine).
inline constexpr std::string_view kDetectedCpuId = "detected-cpu";

// This machine's CPU and RAM as a device for `runs`, as the catalog's CPU-only entries are: one
// pool of the RAM (total), 90 % of it usable, at the bandwidth of its memory modules (or the
// dual-channel DDR5-5600 default, said in its note); the FP32 peak of the cores llama.cpp runs on
// (SystemInfo::cpu_peak; without their clocks, 150 GFLOP/s a core) [uncertain], the peak's line
// in its notes. Id kDetectedCpuId.
GpuSpec cpuMachine(const SystemInfo& info);

} // namespace llmsizer
