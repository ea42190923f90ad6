// Breaks rules 1 and 3: the core includes Qt and compute includes the GPU catalog.
#include "llmsizer/gpu.h"

#include <QString>
