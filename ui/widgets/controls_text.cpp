// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/controls_text.h"

#include "core/schedule/schedule_kinds.h"
#include "core/text/coded_text.h"
#include "ui/settings/language.h"

#include <string>

namespace fourfold::ui {

QString ControlsText::name(core::Precision value) {
    switch (value) {
        case core::Precision::Fp32:
            return tr("FP32");
        case core::Precision::Fp16:
            return tr("FP16");
        case core::Precision::Bf16:
            return tr("BF16");
        case core::Precision::Fp8:
            return tr("FP8");
    }
    return {};
}

QString ControlsText::name(core::OptimizerKind value) {
    switch (value) {
        case core::OptimizerKind::Adam:
            return tr("Adam");
        case core::OptimizerKind::AdamW:
            return tr("AdamW");
        case core::OptimizerKind::Sgd:
            return tr("SGD");
        case core::OptimizerKind::SgdMomentum:
            return tr("SGD with momentum");
        case core::OptimizerKind::Adam8bit:
            return tr("8-bit Adam");
        case core::OptimizerKind::Adafactor:
            return tr("Adafactor");
        case core::OptimizerKind::Lion:
            return tr("Lion");
    }
    return {};
}

QString ControlsText::name(core::FineTune value) {
    switch (value) {
        case core::FineTune::Full:
            return tr("Full (every weight)");
        case core::FineTune::Lora:
            return tr("LoRA (16-bit base)");
        case core::FineTune::Qlora:
            return tr("QLoRA (4-bit NF4 base)");
    }
    return {};
}

QString ControlsText::name(core::Recompute value) {
    switch (value) {
        case core::Recompute::None:
            return tr("None");
        case core::Recompute::Selective:
            return tr("Selective (attention)");
        case core::Recompute::SelectiveOp:
            return tr("Selective (every other matmul)");
        case core::Recompute::Full:
            return tr("Full (every layer)");
    }
    return {};
}

QString ControlsText::name(core::Offload value) {
    switch (value) {
        case core::Offload::None:
            return tr("None");
        case core::Offload::OptimizerCpu:
            return tr("Optimizer to CPU");
        case core::Offload::OptimizerAndParamsCpu:
            return tr("Optimizer and weights to CPU");
        case core::Offload::Nvme:
            return tr("NVMe");
    }
    return {};
}

QString ControlsText::name(core::ScheduleKind value) {
    // The schedules' table names each in the core's catalogues, in both languages.
    return QString::fromStdString(
        core::renderCodedText({std::string(core::scheduleInfo(value).nameCode)}, uiLanguage()));
}

QString ControlsText::name(core::MemoryConvention value) {
    switch (value) {
        case core::MemoryConvention::Fourfold:
            return tr("Full accounting");
        case core::MemoryConvention::ZeroPaper:
            return tr("ZeRO paper");
        case core::MemoryConvention::DeepSpeed:
            return tr("DeepSpeed estimator");
        case core::MemoryConvention::Megatron:
            return tr("Megatron-LM");
    }
    return {};
}

QString ControlsText::zeroStageName(int stage) {
    switch (stage) {
        case 0:
            return tr("0: off");
        case 1:
            return tr("1: optimizer states");
        case 2:
            return tr("2: + gradients");
        case 3:
            return tr("3: + weights (FSDP)");
    }
    return tr("%1: unknown").arg(stage);
}

QString ControlsText::batchFormula(const core::BatchFigures& batch) {
    // Read from the explained figure's structure: symbols, values, result.
    const core::ExplainedFigure& figure = batch.explain;
    if (figure.terms.empty()) return tr("B = b × a × dp = %1").arg(batch.globalBatch);
    return tr("B = %1 = %2 = %3")
        .arg(QString::fromStdString(core::symbolicFormula(figure)),
             QString::fromStdString(core::substitutedFormula(figure, core::ByteUnits::Decimal)))
        .arg(batch.globalBatch);
}

QString ControlsText::shape(const core::ModelSpec& model) {
    QStringList parts = {tr("%1 layers").arg(model.layers), tr("hidden %1").arg(model.hidden),
                         tr("%1 heads (%2 KV)").arg(model.heads).arg(model.kvHeads),
                         tr("FFN %1").arg(model.ffnHidden)};
    if (model.moe.experts > 1) {
        parts.append(tr("%1 experts, top-%2").arg(model.moe.experts).arg(model.moe.topK));
    }
    // Lines break only between parts, never inside "32 heads (32 KV)".
    for (QString& part : parts) part.replace(QLatin1Char(' '), QChar(0x00A0));
    return parts.join(QStringLiteral(" · "));
}

}  // namespace fourfold::ui
