// Breaks rule 2: the text module includes the model module (above it).
#include "llmsizer/model/model.h"
