// Breaks rule 2: the text layer includes the model.
#include "llmsizer/model.h"
