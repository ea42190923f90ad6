// Breaks rules 1 and 2: the core includes Qt and compute includes the GPU catalog (above it).
#include "llmsizer/catalog/gpu_catalog.h"

#include <QString>
