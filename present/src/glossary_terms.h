#pragma once

#include "llmsizer/present/glossary.h"

#include <span>

// The definitions themselves (glossary_terms.cpp), kept apart from the lookups (glossary.cpp).
namespace llmsizer::glossarydata {

std::span<const GlossaryTerm> terms();

} // namespace llmsizer::glossarydata
