// SPDX-License-Identifier: MIT
// Every diagnostic code's sentence in Simplified Chinese (the same codes, arg names and template
// syntax as diagnostic_codes.cpp; tst_diagnostic checks that each quotes every arg its English
// sentence quotes). JSON keys and preset names stay as written, since they are what a plan holds.
#include "core/text/diagnostic_text.h"

#include <array>

namespace fourfold::core {
namespace {

constexpr std::array kCodesZh = {
    DiagnosticCode{"arithmetic.overflow", "{what}超出了 64 位整数的范围；请减小构成它的数值。"},
    DiagnosticCode{"calibration.failed", "校准失败：{detail}"},
    DiagnosticCode{"calibration.no_runs", "没有可用的运行：未拟合任何参数"},
    DiagnosticCode{"calibration.not_fitted", "{parameter} 保持为 {value}：{reason}"},
    DiagnosticCode{"calibration.other_gpu",
                   "{pointer} 运行在 {gpu} 上，而多数运行在 {profile_gpu} "
                   "上：一份校准档案只描述一种 GPU，因此此运行不计入"},
    DiagnosticCode{"calibration.run_unused",
                   "{pointer} 没有校准可用的数值（步时间、吞吐量或显存峰值）：此运行不计入"},
    DiagnosticCode{
        "checkpoint.storage_per_node",
        "检查点存储带宽 {gbps} GB/s 由 {nodes} 个节点共享，每节点仅 {per_node} "
        "GB/s，远低于为这种规模建设的存储（Llama 3 的存储每 8 卡节点持续约 1 GB/s，见 Dubey 等 "
        "2024 年论文 3.3.4 节）：检查点写入时间与有效训练比例可能过于悲观；请把 "
        "checkpoint.storage_gbps 设为实际存储的总带宽。"},
    DiagnosticCode{"cluster.gpu_memory_zero",
                   "{gpu} 的 memory_bytes 为 0；请以字节给出它的显存容量（80 GB 的 H100 为 "
                   "85899345920）。"},
    DiagnosticCode{"cluster.gpu_no_peak",
                   "{gpu} 没有 {dtype} 峰值（peak_tflops.{dtype} 为 0），因此 {precision} "
                   "精度的方案没有计算速率；请给出稠密峰值，或更换精度。"},
    DiagnosticCode{"cluster.inter_node_link_zero",
                   "节点间链路 {link} 的带宽为 {gbps} GB/s，但节点之间要经由它通信；请给出它每块 "
                   "GPU 的单向带宽。"},
    DiagnosticCode{"cluster.intra_node_link_zero",
                   "节点内链路 {link} 的带宽为 {gbps} GB/s，但同一节点的 GPU 要经由它通信；请给出"
                   "它每块 GPU 的单向带宽。"},
    DiagnosticCode{"cluster.profile_invalid",
                   "校准档案文件 {path} 第 {line} 行第 {column} 列：{reason}；方案按内置效率评估"},
    DiagnosticCode{"cluster.profile_not_loaded", "未读取校准档案文件 {path}；方案按内置效率评估"},
    DiagnosticCode{"cluster.profile_other_gpu",
                   "该校准档案拟合自 {profile_gpu}，而不是 {gpu}：不使用其 GPU "
                   "效率（使用其链路、重叠与内存数值）"},
    DiagnosticCode{"cluster.profile_unreadable",
                   "无法读取校准档案文件 {path}（{reason}）；方案按内置效率评估"},
    DiagnosticCode{"cluster.too_many_gpus",
                   "{nodes} 个节点 × 每节点 {gpus_per_node} 块 GPU = {gpus} 块 GPU，超过上限 "
                   "{limit}；请减少 nodes 或 gpus_per_node。"},
    DiagnosticCode{"evaluate.non_finite_figure",
                   "{pointer} 处的数值不是有限数；方案中的取值过于极端，无法计算"},
    DiagnosticCode{"evaluate.too_many_operations",
                   "流水线调度有 {operations} 个操作，太多而无法逐一模拟；显存估算仍使用闭式的"
                   "在途微批次数。"},
    DiagnosticCode{"evaluate.too_many_ranks_to_map",
                   "该作业有 {ranks} 个 rank，太多而无法逐个绘制 rank 映射。"},
    DiagnosticCode{"import.json_too_deep", "JSON 配置：此处对象和数组的嵌套超过 {limit} 层"},
    DiagnosticCode{"import.note", "导入时的说明：{detail}"},
    DiagnosticCode{"import.problem", "无法导入该文件：{detail}"},
    DiagnosticCode{"import.toml_syntax", "torchtitan 任务配置：{reason}"},
    DiagnosticCode{"import.toml_syntax_at_key", "torchtitan 任务配置，{key}：{reason}"},
    DiagnosticCode{"import.toml_too_deep", "torchtitan 任务配置：表和数组的嵌套超过 {limit} 层"},
    DiagnosticCode{"import.too_large", "该文件有 {size} 字节，超过可导入文件的上限 {limit} 字节"},
    DiagnosticCode{"import.unknown_kind",
                   "不是 Fourfold 能导入的文件：应为 Hugging Face 的 config.json、DeepSpeed 的 "
                   "ds_config.json、Megatron-LM 的参数、torchtitan 的 TOML 任务配置或方案文件"},
    DiagnosticCode{"import.unreadable", "无法读取该文件：{reason}"},
    DiagnosticCode{"json.duplicate_key", "`{pointer}` 出现了不止一次；使用最后一个值"},
    DiagnosticCode{"json.empty", "方案为空；方案应是一个 JSON 对象，例如 {}"},
    DiagnosticCode{"json.empty_file", "文件为空；它应包含一个 JSON 对象"},
    DiagnosticCode{"json.expected_array", "`{pointer}` 必须是数组，实际为 {found}"},
    DiagnosticCode{"json.expected_bool", "`{pointer}` 必须为 true 或 false，实际为 {found}"},
    DiagnosticCode{"json.expected_byte_array",
                   "`{pointer}` 必须是字节数组成的数组，每个流水线阶段一个，实际为 {found}"},
    DiagnosticCode{"json.expected_bytes",
                   "`{pointer}` 必须是非负的整数字节数[[，且不大于 {maximum}]]，实际为 {found}"},
    DiagnosticCode{"json.expected_gpu",
                   "`{pointer}` 必须是 GPU 预设名称，或对象 {name, memory_bytes, peak_tflops, "
                   "hbm_gbps}，实际为 {found}"},
    DiagnosticCode{"json.expected_integer_at_least",
                   "`{pointer}` 必须是不小于 {minimum} 的整数[[，且不大于 {maximum}]]，实际为 "
                   "{found}"},
    DiagnosticCode{"json.expected_integer_between",
                   "`{pointer}` 必须是 {minimum} 到 {maximum} 之间的整数，实际为 {found}"},
    DiagnosticCode{"json.expected_link",
                   "`{pointer}` 必须是链路预设名称，或对象 {name, gbps, latency_us}，实际为 "
                   "{found}"},
    DiagnosticCode{"json.expected_lora_targets",
                   "`{pointer}` 必须是模块名称（{choices}）组成的列表，实际为 {found}"},
    DiagnosticCode{"json.expected_model_preset", "`{pointer}` 必须是模型预设名称，实际为 {found}"},
    DiagnosticCode{"json.expected_non_negative_integer",
                   "`{pointer}` 必须是非负整数[[，且不大于 {maximum}]]，实际为 {found}"},
    DiagnosticCode{"json.expected_non_negative_number", "`{pointer}` 必须是非负数，实际为 {found}"},
    DiagnosticCode{"json.expected_number_at_least",
                   "`{pointer}` 必须是不小于 {minimum} 的数，实际为 {found}"},
    DiagnosticCode{"json.expected_number_below",
                   "`{pointer}` 必须是从 {minimum} 到 {maximum}（不含）之间的数，实际为 {found}"},
    DiagnosticCode{"json.expected_number_between",
                   "`{pointer}` 必须是 {minimum} 到 {maximum} 之间的数，实际为 {found}"},
    DiagnosticCode{"json.expected_object", "`{pointer}` 必须是对象，实际为 {found}"},
    DiagnosticCode{"json.expected_one_of", "`{pointer}` 必须是 {choices} 之一，实际为 {found}"},
    DiagnosticCode{"json.expected_positive_integer",
                   "`{pointer}` 必须是正整数[[，且不大于 {maximum}]]，实际为 {found}"},
    DiagnosticCode{"json.expected_positive_number", "`{pointer}` 必须是正数，实际为 {found}"},
    DiagnosticCode{"json.expected_profile",
                   "`{pointer}` 必须是校准档案文件的路径或校准档案对象，实际为 {found}"},
    DiagnosticCode{"json.expected_string", "`{pointer}` 必须是字符串，实际为 {found}"},
    DiagnosticCode{"json.file_not_an_object", "文件应包含一个 JSON 对象，但这段文本是 {kind}"},
    DiagnosticCode{"json.file_read_failure", "无法读取该文件：{detail}"},
    DiagnosticCode{"json.file_too_deep", "此处 JSON 嵌套超过 {limit} 层"},
    DiagnosticCode{"json.file_too_large", "该文件有 {size} 字节，超过其上限 {limit} 字节"},
    DiagnosticCode{"json.global_batch_not_multiple",
                   "`/training/global_batch` {global_batch} 不是 微批次 × dp = {micro_batch} × "
                   "{dp} = {per_step} 的整数倍，因此没有整数的 grad_accumulation 能得到它"},
    DiagnosticCode{
        "json.global_batch_too_many_steps",
        "`/training/global_batch` {global_batch} 需要超过 2147483647 步的 微批次 × dp "
        "= {micro_batch} × {dp} = {per_step}，因此没有整数的 grad_accumulation 能得到它"},
    DiagnosticCode{"json.more_not_listed", "另有 {count} 个问题未列出"},
    DiagnosticCode{"json.not_a_plan",
                   "不是 Fourfold 方案：它没有 \"schema\"，也没有方案的任何一节（name、model、"
                   "training、parallel、cluster、memory、measured）"},
    DiagnosticCode{"json.not_an_object", "方案应是一个 JSON 对象 {…}，但这段文本是 {kind}"},
    DiagnosticCode{"json.number_too_large", "数值太大，无法读取：{detail}；方案中的数值远小于此"},
    DiagnosticCode{"json.read_failure", "无法读取方案：{detail}"},
    DiagnosticCode{"json.syntax_error", "文本不是有效的 JSON：{detail}"},
    DiagnosticCode{"json.syntax_non_finite",
                   "JSON 没有 NaN 或 Infinity；请写一个有限数（{detail}）"},
    DiagnosticCode{"json.syntax_truncated", "文本在 JSON 完整之前就结束了（{detail}）"},
    DiagnosticCode{"json.syntax_utf8",
                   "此处的文本不是有效的 UTF-8；请将方案保存为 UTF-8（{detail}）"},
    DiagnosticCode{"json.too_deep", "此处 JSON 嵌套超过 {limit} 层；方案最多需要 {needed} 层"},
    DiagnosticCode{"json.too_large",
                   "方案有 {size} 字节，超过方案文件允许的 {limit} 字节；一个方案只有几 KB"},
    DiagnosticCode{
        "json.unknown_gpu_preset",
        "`{pointer}`：没有名为 {name} 的 GPU 预设；`fourfold-cli presets` 会列出所有名称"},
    DiagnosticCode{"json.unknown_key", "`{pointer}` 处的未知键 \"{key}\" 已被忽略"},
    DiagnosticCode{
        "json.unknown_link_preset",
        "`{pointer}`：没有名为 {name} 的链路预设；`fourfold-cli presets` 会列出所有名称"},
    DiagnosticCode{
        "json.unknown_model_preset",
        "`{pointer}`：没有名为 {name} 的模型预设；`fourfold-cli presets` 会列出所有名称"},
    DiagnosticCode{"lesson.bad_patch",
                   "`{pointer}` 处的补丁无法应用到前面各步得到的方案上：{detail}"},
    DiagnosticCode{"lesson.choice_out_of_range",
                   "`{pointer}` 必须是某个选项的序号，从 0 到 {count} − 1，实际为 {found}"},
    DiagnosticCode{"lesson.duplicate_step_id",
                   "`{pointer}` 处的步骤 id \"{id}\" 已被前面的步骤使用"},
    DiagnosticCode{"lesson.expected_array", "`{pointer}` 必须是数组，实际为 {found}"},
    DiagnosticCode{"lesson.expected_number", "`{pointer}` 必须是数，实际为 {found}"},
    DiagnosticCode{"lesson.expected_text",
                   "`{pointer}` 必须是字符串或由多行组成的数组，实际为 {found}"},
    DiagnosticCode{"lesson.markup", "`{pointer}` 的标记格式有误：{detail}"},
    DiagnosticCode{"lesson.missing_key", "`{pointer}` 需要键 \"{key}\""},
    DiagnosticCode{"lesson.no_steps", "一节课至少需要一个步骤；`/steps` 为空"},
    DiagnosticCode{"lesson.not_an_object", "课程应是一个 JSON 对象 {…}，但这段文本是 {found}"},
    DiagnosticCode{"lesson.placeholder_without_formula",
                   "`{pointer}`：数值 \"{placeholder}\" 没有公式，因此不能以 :{style} 形式引用"},
    DiagnosticCode{"lesson.schema",
                   "`/schema` 为 \"{found}\"，但此版本读取的课程 schema 为 \"{schema}\""},
    DiagnosticCode{"lesson.too_large", "课程有 {bytes} 字节，超过课程文件允许的 {limit}"},
    DiagnosticCode{"lesson.unknown_highlight",
                   "`{pointer}` 指定了 \"{found}\"，它不是高亮 id；docs/lessons.md 列出了所有 id"},
    DiagnosticCode{"lesson.unknown_key",
                   "`{pointer}` 处的未知键 \"{key}\"；那里可用的键为 {choices}"},
    DiagnosticCode{"lesson.unknown_placeholder",
                   "`{pointer}` 引用了数值 \"{placeholder}\"，课程不能引用它；docs/lessons.md "
                   "列出了所有可引用的数值"},
    DiagnosticCode{"lesson.unknown_placeholder_style",
                   "`{pointer}`：\"{placeholder}:{style}\" 的样式未知；请只写数值名，或加上 "
                   ":formula 或 :symbols"},
    DiagnosticCode{"measured.log_figure_out_of_range",
                   "第 {line} 行：{figure} 读得 {found}，超出其范围 {minimum} 至 {maximum}；该数值"
                   "不予采用"},
    DiagnosticCode{"measured.stage_count",
                   "peak_bytes_per_stage 有 {entries} 项，但 pp 为 {pp}；请为每个流水线阶段给出"
                   "一个实测峰值。"},
    DiagnosticCode{"memory.convention_counts_full_training",
                   "{convention} 内存口径按全量训练计数：其数字不考虑 {mode} 微调。"
                   "Fourfold 口径会分别计入冻结的基座和适配器。"},
    DiagnosticCode{"memory.does_not_fit",
                   "放不下：[[第 {stage} 阶段]]每块 GPU 需要 {peak_bytes:bytes}，比 "
                   "{capacity_bytes:bytes} 中可用的 {usable_bytes:bytes} 多出 "
                   "{over_bytes:bytes}。[[改为 {fitting_change} 即可放下（峰值 "
                   "{fitting_peak_bytes:bytes}）。]]"},
    DiagnosticCode{"memory.framework_fills_gpu",
                   "framework_bytes {framework_bytes} 不小于该 GPU 的 {capacity_bytes} 字节，"
                   "没有给模型留下任何空间；它是 CUDA 上下文和各库的预留，通常为 1–3 GB。"},
    DiagnosticCode{"model.heads_divide_hidden",
                   "hidden {hidden} 不能被 heads {heads} 整除；每个注意力头需要相同的宽度"
                   "（hidden / heads）。"},
    DiagnosticCode{"model.kv_heads_above_heads",
                   "kv_heads {kv_heads} 大于 heads {heads}；键/值头由查询头共享，因此 kv_heads "
                   "最多等于 heads。"},
    DiagnosticCode{"model.kv_heads_divide_heads",
                   "heads {heads} 不能被 kv_heads {kv_heads} 整除；分组查询注意力让每个键值头"
                   "对应相同数量的查询头（可用 {choices}）。"},
    DiagnosticCode{"model.moe_single_expert",
                   "experts {experts} 即稠密模型；请用 0，或用 2 个及以上专家构成混合专家模型。"},
    DiagnosticCode{"model.moe_top_k_above_experts",
                   "top_k {top_k} 大于 experts {experts}；一个 token 访问的专家数不能超过专家"
                   "总数，请把 top_k 降到 {experts} 以内。"},
    DiagnosticCode{"model.moe_top_k_dense",
                   "top_k {top_k} 对稠密模型（experts {experts}）没有作用。"},
    DiagnosticCode{"model.moe_top_k_zero",
                   "top_k 为 {top_k}，专家数为 {experts}；每个 token 至少要送往 1 个专家"
                   "（Mixtral 用 2）。"},
    DiagnosticCode{"model.parameters_not_billions",
                   "parameters {parameters} 是原始个数，而不是以十亿计；你是否想写 {suggested}？"},
    DiagnosticCode{"model.shape_too_large",
                   "该形状（layers {layers}、hidden {hidden}、ffn_hidden {ffn_hidden}）共有 "
                   "{count} 个参数，超过上限 {limit}；请检查尺寸。"},
    DiagnosticCode{"parallel.cp_divides_sequence",
                   "cp {cp} 不能整除 sequence {sequence}；每个上下文并行 rank 持有等长的一段 "
                   "token。"},
    DiagnosticCode{"parallel.cp_load_balance",
                   "sequence {sequence} 不能被 2 × cp = {twice_cp}（cp {cp}）整除，因此无法通过"
                   "给每个上下文并行 rank 分配两段对称的块来平衡因果注意力的负载。"},
    DiagnosticCode{"parallel.ep_divides_experts",
                   "ep {ep} 不能整除 experts {experts}；每个专家并行 rank 持有同样数量的完整专家，"
                   "请用 ep {choices}。"},
    DiagnosticCode{"parallel.ep_needs_moe",
                   "ep {ep} 需要混合专家模型，而该模型是稠密的（experts {experts}）；请把 ep 设为 "
                   "1，或给出 /model/moe/experts。"},
    DiagnosticCode{"parallel.etp_dense", "etp {etp} 对稠密模型没有作用。"},
    DiagnosticCode{"parallel.etp_divides_expert_ffn",
                   "etp {etp} 不能整除专家 FFN 宽度 {expert_ffn_hidden}；每个专家的列要平均"
                   "分到 etp 个 rank 上。"},
    DiagnosticCode{"parallel.expert_ranks_divide_dense_ranks",
                   "etp {etp} × ep {ep} = {expert_ranks} 不能整除 tp {tp} × cp {cp} × dp {dp} = "
                   "{dense_ranks}；专家层复用同一流水线阶段中稠密层的 rank（Megatron-Core），"
                   "请减小 etp 或 ep。"},
    DiagnosticCode{"parallel.offload_needs_zero",
                   "offload {offload} 需要 zero_stage 1 或更高（DeepSpeed ZeRO-Offload 卸载的是"
                   "分片后的优化器状态）；当前 zero_stage 为 {zero_stage}。"},
    DiagnosticCode{"parallel.offload_needs_zero3",
                   "offload {offload} 会把参数移出 GPU，这需要 zero_stage 3（DeepSpeed ZeRO-3 / "
                   "ZeRO-Infinity）；当前 zero_stage 为 {zero_stage}。"},
    DiagnosticCode{"parallel.order_invalid",
                   "order \"{order}\" 必须恰好各含一次 tp、cp、ep、dp 和 pp，用 '-' 连接，变化最快"
                   "的在前（Megatron-Core 的默认值为 \"tp-cp-ep-dp-pp\"）。"},
    DiagnosticCode{"parallel.sequence_parallel_indivisible",
                   "sequence_parallel 把每个 rank 的 {local_tokens} 个 token（sequence {sequence} "
                   "/ cp {cp}）再切分到 tp {tp} 上，但 tp 不能整除它；请选择能被 tp × cp = "
                   "{tp_times_cp} 整除的序列长度。"},
    DiagnosticCode{"parallel.sequence_parallel_without_tp",
                   "tp {tp} 时 sequence_parallel 没有作用：它沿序列切分张量并行组中 LayerNorm "
                   "和 dropout 的激活。"},
    DiagnosticCode{"parallel.sharding_group_divides_dp",
                   "sharding_group {sharding_group} 不能整除 dp {dp}；分片必须铺满数据并行的 "
                   "rank，请用 0（全部）或 {choices}。"},
    DiagnosticCode{"parallel.sharding_group_without_zero",
                   "zero_stage {zero_stage} 时 sharding_group {sharding_group} 没有作用。"},
    DiagnosticCode{"parallel.tp_crosses_nodes",
                   "tp {tp} 大于 gpus_per_node {gpus_per_node}，张量并行组因此跨越节点，每层的 "
                   "all-reduce 都要走节点间网络；请让 tp 不超过 {gpus_per_node}，其余用 pp 或 "
                   "dp。"},
    DiagnosticCode{"parallel.tp_divides_ffn_hidden",
                   "tp {tp} 不能整除 ffn_hidden {ffn_hidden}；MLP 的列要平均分到各张量并行 rank "
                   "上。"},
    DiagnosticCode{"parallel.tp_divides_heads",
                   "tp {tp} 不能整除 heads {heads}；每个张量并行 rank 持有完整的注意力头，请用 tp "
                   "{choices}。"},
    DiagnosticCode{"parallel.tp_divides_kv_heads",
                   "tp {tp} 不能整除 kv_heads {kv_heads}；Megatron-LM 给每个张量并行 rank 分配"
                   "完整的键/值组，请用 tp {choices}。"},
    DiagnosticCode{"parallel.world_above_gpus",
                   "dp {dp} × tp {tp} × pp {pp} × cp {cp} = {ranks} 个 rank，但集群只有 "
                   "{nodes} × {gpus_per_node} = {gpus} 块 GPU；请用 {nodes_needed} 个节点，或"
                   "降低并行度。"},
    DiagnosticCode{"parallel.world_below_gpus",
                   "dp {dp} × tp {tp} × pp {pp} × cp {cp} = {ranks} 个 rank，运行在 {nodes} × "
                   "{gpus_per_node} = {gpus} 块 GPU 上：有 {idle} 块 GPU 闲置；请增大 dp 或减少"
                   "节点数。"},
    DiagnosticCode{"parallel.world_size_too_large",
                   "dp {dp} × tp {tp} × pp {pp} × cp {cp} = {ranks} 个 rank，大得离谱（超过 "
                   "{limit}）；请降低并行度。"},
    DiagnosticCode{"parallel.world_untiled",
                   "dp {dp} × tp {tp} × pp {pp} × cp {cp} = {ranks} 个 rank 不能均匀铺满集群的 "
                   "{nodes} × {gpus_per_node} = {gpus} 块 GPU：有 {idle} 块 GPU 闲置；请选择能"
                   "整除 GPU 数的 dp。"},
    DiagnosticCode{"parallel.zero_with_pipeline",
                   "zero_stage {zero_stage} 与 pp {pp}：DeepSpeed 的流水线引擎只接受 ZeRO 0 或 "
                   "1 阶段；请用 zero_stage 1，或用能把 FSDP 与流水线阶段结合的框架。"},
    DiagnosticCode{"parallel.zero_without_replicas",
                   "zero_stage {zero_stage} 在数据并行 rank 之间分片，而 dp {dp} 没有可以分担的"
                   "副本：节省不了任何显存。"},
    DiagnosticCode{"pipeline.chunks_divide_layers",
                   "layers {layers} 不能被 pp {pp} × virtual_stages {virtual_stages} = {chunks} "
                   "整除；每个模型块需要相同的层数（请选择使 pp × virtual_stages 整除层数的 "
                   "virtual_stages）。"},
    DiagnosticCode{"pipeline.dualpipe_chunks",
                   "{schedule} 在每个流水线 rank 上运行两个模型块：请把 virtual_stages 设为 "
                   "2（当前为 {virtual_stages}）；在此之前按 zb_h1 运行。"},
    DiagnosticCode{
        "pipeline.dualpipe_even",
        "dualpipe 让一半微批次正向、一半反向流动，并把 rank r 与 rank pp − 1 − r 配对：pp {pp} 和 "
        "grad_accumulation {grad_accumulation} 都必须是偶数；在此之前按 zb_h1 运行。"},
    DiagnosticCode{"pipeline.dualpipe_micro_batches",
                   "{schedule} 每步至少需要 2 × pp = {needed} 个微批次，而 grad_accumulation 为 "
                   "{grad_accumulation}；请调高它，否则按 zb_h1 运行。"},
    DiagnosticCode{"pipeline.empty_stage",
                   "pp {pp} 中的第 {stage} "
                   "个流水线阶段没有任何层、嵌入或损失：无事可算的阶段只是转发激活值；请给它分配层"
                   "，或降低 pp。"},
    DiagnosticCode{"pipeline.first_last_layers",
                   "first_stage_layers {first} 与 last_stage_layers {last} 从 layers {layers} "
                   "中取走后，剩下的层要交给 {middle_stages} "
                   "个中间阶段：有中间阶段时它们必须有层，没有时不能剩层。"},
    DiagnosticCode{"pipeline.first_last_need_pipeline",
                   "first_stage_layers 与 last_stage_layers 安排首末流水线阶段的层数，而 pp {pp} "
                   "只有一个阶段：请提高 pp，或把它们设为 0。"},
    DiagnosticCode{"pipeline.interleaved_micro_batches",
                   "interleaved_1f1b 以 pp 个微批次为一组运行：grad_accumulation "
                   "{grad_accumulation} 不能被 pp {pp} 整除（Megatron-LM 的规则）；请用 {pp} "
                   "的倍数。"},
    DiagnosticCode{"pipeline.interleaved_single_chunk",
                   "virtual_stages {virtual_stages} 的 interleaved_1f1b 就是普通的 1F1B；把 "
                   "virtual_stages 设为 2 或更大才能缩小气泡。"},
    DiagnosticCode{"pipeline.layout_chunks",
                   "pipeline_layout 有 {chunks} 个块，而 pp {pp} × virtual_stages {virtual_stages} "
                   "需要 {expected} 个：每个流水线 rank 的每个虚拟阶段一个块（请把 virtual_stages "
                   "设为块数 ÷ pp）。"},
    DiagnosticCode{"pipeline.layout_embedding_loss",
                   "pipeline_layout 有 {embeddings} 个 E 和 {losses} 个 L；需要恰好一个 E "
                   "在最前、一个 L 在最后。"},
    DiagnosticCode{"pipeline.layout_layers",
                   "pipeline_layout 放置了 {counted} 个 Transformer 层，而模型有 layers "
                   "{layers}：每一层必须恰好出现一次。"},
    DiagnosticCode{"pipeline.layout_syntax",
                   "pipeline_layout「{layout}」在第 {position} 个字符处无法读取：请用 "
                   "E（嵌入）、L（损失）、t（一个 Transformer 层）、| 分隔各块、x*n 与 (…)*n "
                   "表示重复，逗号只作间隔。"},
    DiagnosticCode{"pipeline.middle_layers_divide",
                   "留给 {middle_stages} 个中间阶段的 {middle_layers} 层不能均分（Megatron-LM "
                   "的规则）：请调整 first_stage_layers 或 last_stage_layers。"},
    DiagnosticCode{"pipeline.never_fills",
                   "grad_accumulation {grad_accumulation} 给出的微批次少于 pp {pp} 个阶段，流水线"
                   "永远填不满：各阶段等长时气泡为 (p − 1)/(m + p − 1) = {bubble:percent}"
                   "（模拟值还计入了阶段不均衡和传输时间）；请至少用 {pp}（最好是 pp 的数倍）。"},
    DiagnosticCode{"pipeline.pp_above_layers",
                   "pp {pp} 大于 layers {layers}；每个流水线阶段至少需要一层，请让 pp 不超过 "
                   "{layers}。"},
    DiagnosticCode{"pipeline.split_keys_conflict",
                   "{first_key} 与 {second_key} 都在安排各流水线阶段的层；Megatron-LM 只接受单独的 "
                   "pipeline_layout，而首末阶段层数不能与 embedding_in_split 或 loss_in_split "
                   "同用：请只保留一种方式。"},
    DiagnosticCode{"pipeline.split_slots_divide",
                   "layers {layers} 加上计入的嵌入与损失共 {slots}，不能被 pp {pp} × "
                   "virtual_stages {virtual_stages} = {chunks} 整除（Megatron-LM 的规则）；请调整 "
                   "pp 或 virtual_stages，或只计入其中之一。"},
    DiagnosticCode{"pipeline.stage_layers_divide_chunks",
                   "某个流水线阶段有 {stage_layers} 层，不能被 virtual_stages {virtual_stages} "
                   "整除：它的每个块需要相同的层数（Megatron-LM 的规则）。"},
    DiagnosticCode{"pipeline.uneven_layers",
                   "layers {layers} 不能平均分到 pp {pp} 上：有的阶段有 {most_layers} 层，有的只有 "
                   "{fewest_layers} 层，最满的阶段决定了整体节奏。"},
    DiagnosticCode{"pipeline.virtual_stages_need_interleaving",
                   "virtual_stages {virtual_stages} 需要 interleaved_1f1b 调度；调度 {schedule} "
                   "每个 rank 只运行一个模型块，请把 virtual_stages 设为 1。"},
    DiagnosticCode{"pipeline.virtual_stages_need_pipeline",
                   "virtual_stages {virtual_stages} 在流水线 rank 之间交错模型块，而 pp {pp} "
                   "没有流水线；请增大 pp 或把 virtual_stages 设为 1。"},
    DiagnosticCode{"plan.patch_not_object", "方案补丁必须是 JSON 对象（JSON merge patch）。"},
    DiagnosticCode{"profile.schema_newer",
                   "由更新版本的 Fourfold 写入：{found}；此版本最多读取 {schema}"},
    DiagnosticCode{"profile.schema_not_a_string", "`/schema` 必须是 \"{schema}\"，实际为 {found}"},
    DiagnosticCode{"profile.schema_other",
                   "不是 Fourfold 校准档案：`/schema` 为 {found}；校准档案应为 \"{schema}\""},
    DiagnosticCode{"range.above_minimum",
                   "{key} 为 {value}；它必须大于 {minimum} 且不超过 {maximum}。"},
    DiagnosticCode{"range.out_of_range",
                   "{key} 为 {value}，超出了它的范围 {minimum} 到 {maximum}。"},
    DiagnosticCode{"runs.expected_plan",
                   "`{pointer}` 必须是方案对象或方案文件的路径，实际为 {found}"},
    DiagnosticCode{
        "runs.log_figure_out_of_range",
        "{pointer}：日志 {path} 第 {line} 行：{figure} 读得 {found}，超出其范围 {minimum} "
        "至 {maximum}"},
    DiagnosticCode{"runs.log_no_figures",
                   "{pointer}：日志 {path} 中没有 Fourfold 能读取实测数值的行"},
    DiagnosticCode{"runs.log_unreadable", "{pointer}：无法读取日志 {path}（{reason}）"},
    DiagnosticCode{"runs.no_measured",
                   "{pointer} "
                   "没有给出实测数值（step_time_s、tokens_per_s_per_gpu、samples_per_s、tflops_per_"
                   "gpu、mfu 或 peak_memory_bytes）；此运行不计入"},
    DiagnosticCode{"runs.no_plan", "{pointer} 没有方案：请给出方案或方案文件的路径；此运行不计入"},
    DiagnosticCode{"runs.no_runs", "运行记录文件中没有运行：`/runs` 必须是运行的数组"},
    DiagnosticCode{"runs.plan_invalid",
                   "{pointer}：方案文件 {path} 第 {line} 行第 {column} 列：{reason}；此运行不计入"},
    DiagnosticCode{"runs.plan_not_valid",
                   "{pointer}：无法为该方案计算耗时（{reason}）；此运行不计入"},
    DiagnosticCode{"runs.plan_unreadable",
                   "{pointer}：无法读取方案文件 {path}（{reason}）；此运行不计入"},
    DiagnosticCode{"runs.schema_newer",
                   "由更新版本的 Fourfold 写入：{found}；此版本最多读取 {schema}"},
    DiagnosticCode{"runs.schema_not_a_string", "`/schema` 必须是 \"{schema}\"，实际为 {found}"},
    DiagnosticCode{
        "runs.schema_other",
        "不是 Fourfold 运行记录文件：`/schema` 为 {found}；运行记录文件应为 \"{schema}\""},
    DiagnosticCode{"runs.too_many", "运行记录文件列出 {count} 个运行；只读取前 {limit} 个"},
    DiagnosticCode{"schema.early_converted",
                   "早期方案（\"schema\": {early}）已转换为 {schema}；保存时写入新格式"},
    DiagnosticCode{"schema.missing", "方案没有 \"schema\" 键；按 {schema} 读取"},
    DiagnosticCode{"schema.newer", "由较新的 Fourfold 写入：{found}；此版本最多读取 {schema}"},
    DiagnosticCode{"schema.not_a_plan",
                   "不是 Fourfold 方案：`/schema` 为 {found}；方案应为 \"{schema}\""},
    DiagnosticCode{"schema.not_a_string", "`/schema` 必须为 \"{schema}\"，实际为 {found}"},
    DiagnosticCode{"schema.other_fourfold_kind",
                   "不是 Fourfold 方案：`/schema` 为 {found}（另一种 Fourfold 文件）；方案应为 "
                   "\"{schema}\""},
    DiagnosticCode{"topology.cp_groups_span_nodes",
                   "{total} 个上下文并行组中有 {count} 个跨越节点：它们每层交换键和值都要走节点间"
                   "网络。"},
    DiagnosticCode{"topology.ep_groups_span_nodes",
                   "{total} 个专家并行组中有 {count} 个跨越节点：它们在每个 MoE 层中的 token "
                   "all-to-all 都要走节点间网络。"},
    DiagnosticCode{"topology.expert_pipeline_mismatch",
                   "按顺序 \"{order}\"，专家层会把流水线阶段放到与稠密层不同的 rank 上（它们的数据"
                   "并行规模不同：{expert_dp} 对 {dp}）；请把 pp 放在顺序的最后。"},
    DiagnosticCode{"topology.partial_node",
                   "{ranks} 个 rank 填不满整数个 {gpus_per_node} 卡节点：最后一个节点只用了"
                   "一部分。"},
    DiagnosticCode{"topology.tp_divides_node",
                   "tp = {tp} 不能整除一个节点的 {gpus_per_node} 块 GPU，因此张量并行组无法全部"
                   "留在同一节点内。"},
    DiagnosticCode{"topology.tp_groups_span_nodes",
                   "{total} 个张量并行组中有 {count} 个跨越多个节点（最多 {max_nodes} 个）。张量"
                   "并行每层都要通信，这些集合通信因此走缓慢的节点间网络：请让 tp 不超过一个节点的 "
                   "{gpus_per_node} 块 GPU，并放在顺序的最前面。"},
    DiagnosticCode{
        "training.activations_too_large",
        "微批次 {micro_batch} × 序列 {sequence}，跨 {layers} 层以及一步中的每个微批次，"
        "激活可能占用 {bytes} 字节，超过 {limit}；请减小微批次、梯度累积步数或序列长度。"},
    DiagnosticCode{"training.base_precision_fp8",
                   "finetune {mode} 以 base_precision 保存冻结的基座，它必须是 bf16、fp16 或 "
                   "fp32（QLoRA 以 NF4 存储基座，每次矩阵乘法前反量化为该类型）；fp8 不是 "
                   "Fourfold 计数的基座类型。"},
    DiagnosticCode{"training.fp16_without_master_weights",
                   "没有主权重的 fp16 训练以 fp16 应用更新，小的更新会被舍入为零；请把"
                   "master_weights 设为 true（一份 fp32 副本，每个参数 4 字节），或用 bf16 训练。"},
    DiagnosticCode{"training.fp32_master_weights",
                   "fp32 训练时 master_weights 没有作用：权重本来就是 fp32。"},
    DiagnosticCode{"training.fp8_without_fp8_peak",
                   "在 {gpu} 上使用 fp8 精度，但它没有 fp8 峰值（peak_tflops.fp8 为 0）：矩阵乘法"
                   "以 bf16 的 {bf16_tflops} TFLOP/s 运行；请用 bf16，或用带 FP8 张量核心的 GPU"
                   "（Hopper、Ada、Blackwell、MI300X）。"},
    DiagnosticCode{"training.global_batch_mismatch",
                   "全局批次 {global_batch} 不等于 微批次 {micro_batch} × 梯度累积 "
                   "{grad_accumulation} × 数据并行 {dp} = {derived}；张量并行和流水线并行从不"
                   "放大批次。[[{global_batch} 把每块 GPU 都算进去了（× tp {tp} × pp {pp} × cp "
                   "{cp}），但这些 rank 共享同一个副本的样本。]][[请把 global_batch 设为 "
                   "{derived}，或把 grad_accumulation 设为 {suggested_accumulation}。]][[请把 "
                   "global_batch 设为 {derived}，或选一个能被 微批次 × 数据并行 = "
                   "{micro_times_dp} 整除的值。]]"},
    DiagnosticCode{"training.lora_without_targets",
                   "finetune {mode} 没有适配任何模块：lora_targets 为空，因此没有可训练的参数；"
                   "请至少列出 {choices} 中的一个。"},
    DiagnosticCode{"training.tokens_per_step_too_large",
                   "全局批次 {global_batch} × 序列 {sequence} = 每步 {tokens} 个 token，超过 "
                   "{limit}；请减小批次或序列长度。"},
};

}  // namespace

std::span<const DiagnosticCode> diagnosticCodesZh() { return kCodesZh; }

}  // namespace fourfold::core
