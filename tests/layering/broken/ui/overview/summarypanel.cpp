// Breaks rule 5: a widget includes a computing module of the core.
#include "llmsizer/model/count.h"
