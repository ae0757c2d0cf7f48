// SPDX-License-Identifier: MIT
// Model shapes written out by hand from their papers and released configs, so the tests do
// not depend on the preset catalog.
#pragma once

#include "core/plan/plan.h"

namespace fourfold::test {

using fourfold::core::MlpKind;
using fourfold::core::ModelSpec;

// Touvron et al. 2023, Table 1 and the released config: h 4096, 32 layers, 32 heads, ffn 11008.
inline ModelSpec llama2_7b() {
    ModelSpec spec;
    spec.layers = 32;
    spec.hidden = 4096;
    spec.heads = 32;
    spec.kvHeads = 32;
    spec.ffnHidden = 11008;
    spec.vocab = 32000;
    spec.sequence = 4096;
    spec.mlp = MlpKind::Swiglu;
    return spec;
}

inline ModelSpec llama2_13b() {
    ModelSpec spec = llama2_7b();
    spec.layers = 40;
    spec.hidden = 5120;
    spec.heads = 40;
    spec.kvHeads = 40;
    spec.ffnHidden = 13824;
    return spec;
}

// Grouped-query attention: 8 kv heads for 64 query heads.
inline ModelSpec llama2_70b() {
    ModelSpec spec = llama2_7b();
    spec.layers = 80;
    spec.hidden = 8192;
    spec.heads = 64;
    spec.kvHeads = 8;
    spec.ffnHidden = 28672;
    return spec;
}

// Dubey et al. 2024, Table 3: Llama 3.1 8B, 32 layers, h 4096, 32 heads with 8 kv heads, ffn
// 14336, 128,256 tokens, here at its 8,192-token pre-training sequence.
inline ModelSpec llama31_8b() {
    ModelSpec spec = llama2_7b();
    spec.kvHeads = 8;
    spec.ffnHidden = 14336;
    spec.vocab = 128256;
    spec.sequence = 8192;
    return spec;
}

// Brown et al. 2020, Table 2.1: 96 layers, d_model 12288, 96 heads, ffn 4·d, context 2048,
// GPT-2's BPE vocabulary of 50257, learned positions, tied embeddings.
inline ModelSpec gpt3_175b() {
    ModelSpec spec;
    spec.layers = 96;
    spec.hidden = 12288;
    spec.heads = 96;
    spec.kvHeads = 96;
    spec.ffnHidden = 4 * 12288;
    spec.vocab = 50257;
    spec.sequence = 2048;
    spec.mlp = MlpKind::Gelu;
    spec.tiedEmbeddings = true;
    return spec;
}

// Jiang et al. 2024 (Mixtral 8x7B): 8 experts, top-2, ffn 14336, 8 kv heads.
inline ModelSpec mixtral_8x7b() {
    ModelSpec spec = llama2_7b();
    spec.kvHeads = 8;
    spec.ffnHidden = 14336;
    spec.sequence = 32768;
    spec.moe.experts = 8;
    spec.moe.topK = 2;
    return spec;
}

}  // namespace fourfold::test
