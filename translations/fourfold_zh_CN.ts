<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ControlsText</name>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>FP16</source>
        <translation>FP16</translation>
    </message>
    <message>
        <source>BF16</source>
        <translation>BF16</translation>
    </message>
    <message>
        <source>FP8</source>
        <translation>FP8</translation>
    </message>
    <message>
        <source>Adam</source>
        <translation>Adam</translation>
    </message>
    <message>
        <source>AdamW</source>
        <translation>AdamW</translation>
    </message>
    <message>
        <source>SGD</source>
        <translation>SGD</translation>
    </message>
    <message>
        <source>SGD with momentum</source>
        <translation>带动量的 SGD</translation>
    </message>
    <message>
        <source>8-bit Adam</source>
        <translation>8 位 Adam</translation>
    </message>
    <message>
        <source>Adafactor</source>
        <translation>Adafactor</translation>
    </message>
    <message>
        <source>Lion</source>
        <translation>Lion</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Selective (attention)</source>
        <translation>选择性（注意力）</translation>
    </message>
    <message>
        <source>Selective (every other matmul)</source>
        <translation>选择性（隔一个矩阵乘）</translation>
    </message>
    <message>
        <source>Full (every layer)</source>
        <translation>完全（每一层）</translation>
    </message>
    <message>
        <source>Full (every weight)</source>
        <translation>全量（每个权重）</translation>
    </message>
    <message>
        <source>LoRA (16-bit base)</source>
        <translation>LoRA（16 位基座）</translation>
    </message>
    <message>
        <source>QLoRA (4-bit NF4 base)</source>
        <translation>QLoRA（4 位 NF4 基座）</translation>
    </message>
    <message>
        <source>Optimizer to CPU</source>
        <translation>优化器卸载到 CPU</translation>
    </message>
    <message>
        <source>Optimizer and weights to CPU</source>
        <translation>优化器和权重卸载到 CPU</translation>
    </message>
    <message>
        <source>NVMe</source>
        <translation>NVMe</translation>
    </message>
    <message>
        <source>Full accounting</source>
        <translation>完整核算</translation>
    </message>
    <message>
        <source>ZeRO paper</source>
        <translation>ZeRO 论文</translation>
    </message>
    <message>
        <source>DeepSpeed estimator</source>
        <translation>DeepSpeed 估算器</translation>
    </message>
    <message>
        <source>Megatron-LM</source>
        <translation>Megatron-LM</translation>
    </message>
    <message>
        <source>0: off</source>
        <translation>0：关闭</translation>
    </message>
    <message>
        <source>1: optimizer states</source>
        <translation>1：优化器状态</translation>
    </message>
    <message>
        <source>2: + gradients</source>
        <translation>2：+ 梯度</translation>
    </message>
    <message>
        <source>3: + weights (FSDP)</source>
        <translation>3：+ 权重（FSDP）</translation>
    </message>
    <message>
        <source>%1: unknown</source>
        <translation>%1：未知</translation>
    </message>
    <message>
        <source>B = b × a × dp = %1</source>
        <translation>B = b × a × dp = %1</translation>
    </message>
    <message>
        <source>B = %1 = %2 = %3</source>
        <translation>B = %1 = %2 = %3</translation>
    </message>
    <message>
        <source>%1 layers</source>
        <translation>%1 层</translation>
    </message>
    <message>
        <source>hidden %1</source>
        <translation>隐藏维度 %1</translation>
    </message>
    <message>
        <source>%1 heads (%2 KV)</source>
        <translation>%1 个头（%2 个 KV）</translation>
    </message>
    <message>
        <source>FFN %1</source>
        <translation>FFN %1</translation>
    </message>
    <message>
        <source>%1 experts, top-%2</source>
        <translation>%1 个专家，top-%2</translation>
    </message>
</context>
<context>
    <name>ExplainedText</name>
    <message>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <source>%1 = %2 = %3</source>
        <translation>%1 = %2 = %3</translation>
    </message>
    <message>
        <source>%1  %2 = %3</source>
        <translation>%1  %2 = %3</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>出处：%1</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>Save the changes to &quot;%1&quot;?</source>
        <translation>保存对“%1”的更改吗？</translation>
    </message>
    <message>
        <source>Changes you do not save are lost.</source>
        <translation>不保存的更改将会丢失。</translation>
    </message>
    <message>
        <source> (as on screen)</source>
        <translation>（与屏幕相同）</translation>
    </message>
    <message>
        <source> (slides)</source>
        <translation>（幻灯片）</translation>
    </message>
    <message>
        <source> (print)</source>
        <translation>（打印）</translation>
    </message>
    <message>
        <source>%1× — %2 × %3 px%4</source>
        <translation>%1× — %2 × %3 像素%4</translation>
    </message>
    <message>
        <source>PNG Size</source>
        <translation>PNG 尺寸</translation>
    </message>
    <message>
        <source>Scale of the image (text and lines are drawn sharp at every size):</source>
        <translation>图像缩放倍数（任何尺寸下文字和线条都清晰）：</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Could not draw the image &quot;%1&quot;: %2 × %3 pixels needs more memory than is free; choose a smaller scale.</source>
        <translation>无法绘制图像“%1”：%2 × %3 像素所需内存超过可用内存；请选择较小的缩放倍数。</translation>
    </message>
    <message>
        <source>Cannot export &quot;%1&quot;: use a .png, .svg or .pdf file name.</source>
        <translation>无法导出“%1”：请使用 .png、.svg 或 .pdf 文件名。</translation>
    </message>
    <message>
        <source>Activations (%1)</source>
        <translation>激活（%1）</translation>
    </message>
    <message>
        <source>Activation sets held</source>
        <translation>持有的激活份数</translation>
    </message>
    <message>
        <source>No headroom: other memory exceeds usable</source>
        <translation>没有余量：其他显存已超过可用显存</translation>
    </message>
    <message>
        <source>1 activation set</source>
        <translation>1 份激活</translation>
    </message>
    <message>
        <source>%1 activation sets</source>
        <translation>%1 份激活</translation>
    </message>
    <message>
        <source>Activation peak %1 on rank %2 at %3</source>
        <translation>激活峰值 %1，位于 rank %2，时间 %3</translation>
    </message>
    <message>
        <source>Sets</source>
        <translation>组数</translation>
    </message>
</context>
<context>
    <name>fourfold</name>
    <message>
        <source>Could not write &quot;%1&quot;: %2</source>
        <translation>无法写入“%1”：%2</translation>
    </message>
    <message>
        <source>Plan distributed training: memory per GPU, pipeline, rank map.</source>
        <translation>规划分布式训练：每块 GPU 的显存、流水线、进程映射。</translation>
    </message>
    <message>
        <source>A plan file to open.</source>
        <translation>要打开的方案文件。</translation>
    </message>
    <message>
        <source>Render the main window to a PNG file and exit.</source>
        <translation>把主窗口渲染为 PNG 文件后退出。</translation>
    </message>
    <message>
        <source>Window size for --screenshot (default 1600x1000).</source>
        <translation>--screenshot 的窗口尺寸（默认 1600x1000）。</translation>
    </message>
    <message>
        <source>Draw the --screenshot at this many times the window size (e.g. 2 for slides; default: the screen&apos;s pixels).</source>
        <translation>以窗口尺寸的多少倍绘制 --screenshot（例如幻灯片用 2；默认：屏幕像素）。</translation>
    </message>
    <message>
        <source>light, dark or system (the desktop&apos;s colours).</source>
        <translation>light、dark 或 system（桌面的配色）。</translation>
    </message>
    <message>
        <source>Interface language: %1 (default: the one chosen in View &gt; Language, else the system&apos;s).</source>
        <translation>界面语言：%1（默认：在“视图 &gt; 语言”中选择的语言，否则为系统语言）。</translation>
    </message>
    <message>
        <source>expected at most one plan file, got %1</source>
        <translation>最多只能给一个方案文件，实际给了 %1 个</translation>
    </message>
    <message>
        <source>--size expects WIDTHxHEIGHT, got &quot;%1&quot;</source>
        <translation>--size 需要 宽x高，实际为“%1”</translation>
    </message>
    <message>
        <source>--screenshot-scale expects a number from 0.25 to %1, got &quot;%2&quot;</source>
        <translation>--screenshot-scale 需要 0.25 到 %1 之间的数，实际为“%2”</translation>
    </message>
    <message>
        <source>--theme expects light, dark or system, got &quot;%1&quot;</source>
        <translation>--theme 需要 light、dark 或 system，实际为“%1”</translation>
    </message>
    <message>
        <source>--lang expects one of %1, got &quot;%2&quot;</source>
        <translation>--lang 需要 %1 之一，实际为“%2”</translation>
    </message>
    <message>
        <source>Start a walkthrough: builtin (in the UI&apos;s language), builtin:LANG (LANG: %1) or a lesson file.</source>
        <translation>启动导览：builtin（使用界面语言）、builtin:LANG（LANG：%1）或课程文件。</translation>
    </message>
    <message>
        <source>The walkthrough&apos;s step to show (from 1).</source>
        <translation>要显示的导览步骤（从 1 开始）。</translation>
    </message>
    <message>
        <source>Start in presentation mode.</source>
        <translation>以演示模式启动。</translation>
    </message>
    <message>
        <source>--lesson-step expects a step number from 1 with --lesson, got &quot;%1&quot;</source>
        <translation>--lesson-step 需与 --lesson 一起使用，并需要从 1 开始的步骤编号，实际为“%1”</translation>
    </message>
    <message>
        <source>the lesson has no step %1</source>
        <translation>该课程没有步骤 %1</translation>
    </message>
</context>
<context>
    <name>fourfold::ui</name>
    <message>
        <source>node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <source> · ranks %1–%2</source>
        <translation> · rank %1–%2</translation>
    </message>
    <message>
        <source>Colour: %1</source>
        <translation>颜色：%1</translation>
    </message>
    <message>
        <source>TP group (dashed: spans nodes)</source>
        <translation>张量并行组（虚线：跨节点）</translation>
    </message>
    <message>
        <source>%1 —</source>
        <translation>%1 —</translation>
    </message>
    <message>
        <source>%1 %2 of %3</source>
        <translation>%1 %2/%3</translation>
    </message>
    <message>
        <source>Groups spanning nodes: %1</source>
        <translation>跨节点的组：%1</translation>
    </message>
    <message>
        <source>Hover a GPU: T C E D P mark its group mates, click pins, Esc clears · wheel or +/− zooms, 0 fits · drag or arrows pan</source>
        <translation>悬停 GPU：T C E D P 标出同组，单击固定，Esc 清除 · 滚轮或 +/− 缩放，0 适应 · 拖动或方向键平移</translation>
    </message>
    <message>
        <source>Hover a GPU: T C E D P mark its group mates, click pins, Esc clears</source>
        <translation>悬停 GPU：T C E D P 标出同组，单击固定，Esc 清除</translation>
    </message>
    <message>
        <source>Wheel or +/− zooms, 0 fits · drag or arrows pan</source>
        <translation>滚轮或 +/− 缩放，0 适应 · 拖动或方向键平移</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::AboutDialog</name>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>库</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>License</source>
        <translation>许可证</translation>
    </message>
    <message>
        <source>%1 (running %2)</source>
        <translation>%1（运行时 %2）</translation>
    </message>
    <message>
        <source>About Fourfold</source>
        <translation>关于 Fourfold</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Fourfold %1&lt;/h2&gt;&lt;p&gt;A planner for distributed deep-learning training: memory per GPU, the pipeline schedule, the rank map on the cluster and the step time, recomputed as you change the plan.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Fourfold %1&lt;/h2&gt;&lt;p&gt;分布式深度学习训练规划工具：每块 GPU 的显存、流水线调度、集群上的进程映射和单步时间，随方案的修改即时重新计算。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Fourfold is free software under the GNU General Public License, version 3 or later (GPL-3.0-or-later), because it links QCustomPlot. Its Qt-free engine and the &lt;tt&gt;fourfold-cli&lt;/tt&gt; tool may also be used under the MIT license. There is NO WARRANTY, to the extent permitted by law.&lt;/p&gt;&lt;p&gt;It is built on these libraries:&lt;/p&gt;</source>
        <translation>&lt;p&gt;Fourfold 是自由软件，依据 GNU 通用公共许可证第 3 版或更新版本（GPL-3.0-or-later）发布，因为它链接了 QCustomPlot。它不依赖 Qt 的计算引擎和 &lt;tt&gt;fourfold-cli&lt;/tt&gt; 工具也可依据 MIT 许可证使用。在法律允许的范围内，本软件不提供任何担保。&lt;/p&gt;&lt;p&gt;它基于以下库构建：&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::CalibrationActions</name>
    <message>
        <source>The file is too large.</source>
        <translation>文件太大。</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON 文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Measured Figures from &amp;Log…</source>
        <translation>从日志读取实测数值(&amp;L)…</translation>
    </message>
    <message>
        <source>Read step time, throughput and peak memory from a Megatron-LM, torchtitan, DeepSpeed, Hugging Face or PyTorch training log</source>
        <translation>从 Megatron-LM、torchtitan、DeepSpeed、Hugging Face 或 PyTorch 训练日志中读取单步时间、吞吐量和峰值显存</translation>
    </message>
    <message>
        <source>&amp;Add to Calibration Set…</source>
        <translation>加入校准集(&amp;A)…</translation>
    </message>
    <message>
        <source>Append this plan and what was measured to a runs file</source>
        <translation>将此方案及其实测数值追加到运行记录文件</translation>
    </message>
    <message>
        <source>&amp;Calibrate…</source>
        <translation>校准(&amp;C)…</translation>
    </message>
    <message>
        <source>Fit the efficiencies to a runs file and use the fitted profile</source>
        <translation>按运行记录文件拟合效率，并使用拟合出的校准档案</translation>
    </message>
    <message>
        <source>&amp;Use Calibration Profile…</source>
        <translation>使用校准档案(&amp;U)…</translation>
    </message>
    <message>
        <source>&amp;Stop Using the Profile</source>
        <translation>停止使用校准档案(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Calibration</source>
        <translation>校准(&amp;C)</translation>
    </message>
    <message>
        <source>Measured Figures from Log</source>
        <translation>从日志读取实测数值</translation>
    </message>
    <message>
        <source>Training logs (*.log *.txt *.out *.err);;All files (*)</source>
        <translation>训练日志 (*.log *.txt *.out *.err);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Could not read the log</source>
        <translation>无法读取日志</translation>
    </message>
    <message>
        <source>Read measured figures from %1</source>
        <translation>从 %1 读取实测数值</translation>
    </message>
    <message>
        <source>Nothing measured yet</source>
        <translation>尚无实测数值</translation>
    </message>
    <message>
        <source>Give what the run measured first: a step time, tokens/s per GPU or peak memory in Controls ▸ Measured, or read them from its log (Edit ▸ Calibration ▸ Measured Figures from Log).</source>
        <translation>请先给出运行的实测数值：在“控制 ▸ 实测”中填写单步时间、每 GPU tokens/s 或峰值显存，或从其日志读取（编辑 ▸ 校准 ▸ 从日志读取实测数值）。</translation>
    </message>
    <message>
        <source>Calibration Set</source>
        <translation>校准集</translation>
    </message>
    <message>
        <source>Could not add the run</source>
        <translation>无法加入该运行</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a runs file.</source>
        <translation>“%1”不是运行记录文件。</translation>
    </message>
    <message>
        <source>Calibrate</source>
        <translation>校准</translation>
    </message>
    <message>
        <source>Could not calibrate</source>
        <translation>无法校准</translation>
    </message>
    <message>
        <source>Save Calibration Profile</source>
        <translation>保存校准档案</translation>
    </message>
    <message>
        <source>Could not save the profile</source>
        <translation>无法保存校准档案</translation>
    </message>
    <message>
        <source>Use calibration profile %1</source>
        <translation>使用校准档案 %1</translation>
    </message>
    <message>
        <source>Use Calibration Profile</source>
        <translation>使用校准档案</translation>
    </message>
    <message>
        <source>Could not use the profile</source>
        <translation>无法使用该校准档案</translation>
    </message>
    <message>
        <source>Stop using the calibration profile</source>
        <translation>停止使用校准档案</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::CalibrationDialog</name>
    <message>
        <source>%1 GB/s</source>
        <translation>%1 GB/s</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>Calibration</source>
        <translation>校准</translation>
    </message>
    <message>
        <source>Parameter</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>校准前</translation>
    </message>
    <message>
        <source>After</source>
        <translation>校准后</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>Held out</source>
        <translation>留出</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Step time error, mean / worst: before %1 / %2, after %3 / %4.</source>
        <translation>单步时间误差（平均 / 最大）：校准前 %1 / %2，校准后 %3 / %4。</translation>
    </message>
    <message>
        <source>Held out (each run predicted by a fit without it): %1 / %2.</source>
        <translation>留出（每个运行由不含它的拟合预测）：%1 / %2。</translation>
    </message>
    <message>
        <source>&amp;Save and Use Profile…</source>
        <translation>保存并使用校准档案(&amp;S)…</translation>
    </message>
    <message>
        <source>fitted, within %1 to %2</source>
        <translation>已拟合，范围 %1 至 %2</translation>
    </message>
    <message>
        <source>kept</source>
        <translation>保持不变</translation>
    </message>
    <message>
        <source>Fitted on one run of %1.</source>
        <translation>基于 %1 上 1 个运行拟合。</translation>
    </message>
    <message numerus="yes">
        <source>Fitted on %n runs of %1.</source>
        <translation>
            <numerusform>基于 %1 上 %n 个运行拟合。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fourfold::ui::CheckpointPanel</name>
    <message>
        <source>Checkpoint size</source>
        <translation>检查点大小</translation>
    </message>
    <message>
        <source>model weights</source>
        <translation>模型权重</translation>
    </message>
    <message>
        <source>optimizer state</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>RNG states</source>
        <translation>随机数生成器状态</translation>
    </message>
    <message>
        <source>data cursor</source>
        <translation>数据游标</translation>
    </message>
    <message>
        <source>layout metadata</source>
        <translation>布局元数据</translation>
    </message>
    <message>
        <source>Write time</source>
        <translation>写入时间</translation>
    </message>
    <message>
        <source>Cluster MTBF</source>
        <translation>集群 MTBF</translation>
    </message>
    <message>
        <source>Checkpoint every (Young/Daly)</source>
        <translation>检查点间隔（Young/Daly）</translation>
    </message>
    <message>
        <source>Steps between checkpoints</source>
        <translation>检查点之间的步数</translation>
    </message>
    <message>
        <source>Goodput</source>
        <translation>有效吞吐率</translation>
    </message>
    <message>
        <source>No checkpoint estimate: the model cannot be analysed.</source>
        <translation>没有检查点估算：无法分析该模型。</translation>
    </message>
    <message>
        <source>Cluster MTBF (hours)</source>
        <translation>集群 MTBF（小时）</translation>
    </message>
    <message>
        <source>Goodput (%)</source>
        <translation>有效吞吐率（%）</translation>
    </message>
    <message>
        <source>Everything a restart needs, over all ranks: the model, the optimizer, RNG states, the data cursor and the parallel layout.</source>
        <translation>重启所需的一切（所有 rank 合计）：模型、优化器、随机数生成器状态、数据游标和并行布局。</translation>
    </message>
    <message>
        <source>Checkpoint size over the storage bandwidth (plan option).</source>
        <translation>检查点大小除以存储带宽（方案选项）。</translation>
    </message>
    <message>
        <source>Per-GPU MTBF over the %1 GPUs: the more GPUs, the sooner one fails.</source>
        <translation>单卡平均故障间隔（MTBF）除以 %1 块 GPU：GPU 越多，越早有一块出故障。</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>The GPU&apos;s MTBF: the more GPUs, the sooner one fails.</source>
        <translation>这块 GPU 的平均故障间隔（MTBF）：GPU 越多，越早有一块出故障。</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::ClusterControls</name>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>GP&amp;U</source>
        <translation>GPU(&amp;U)</translation>
    </message>
    <message>
        <source>The accelerator: its memory, peak FLOP/s and HBM bandwidth.</source>
        <translation>加速器：它的显存、峰值 FLOP/s 和 HBM 带宽。</translation>
    </message>
    <message>
        <source>Choose GPU %1</source>
        <translation>选择 GPU %1</translation>
    </message>
    <message>
        <source>What the chosen GPU offers.</source>
        <translation>所选 GPU 的规格。</translation>
    </message>
    <message>
        <source>GPUs per &amp;node</source>
        <translation>每节点 GPU 数(&amp;N)</translation>
    </message>
    <message>
        <source>GPUs that share one machine and its fast intra-node links.</source>
        <translation>共享同一台机器及其高速节点内链路的 GPU。</translation>
    </message>
    <message>
        <source>Set GPUs per node to %1</source>
        <translation>将每节点 GPU 数设为 %1</translation>
    </message>
    <message>
        <source>Node&amp;s</source>
        <translation>节点数(&amp;S)</translation>
    </message>
    <message>
        <source>Machines in the cluster, joined by the inter-node network.</source>
        <translation>集群中的机器，由节点间网络相连。</translation>
    </message>
    <message>
        <source>Set nodes to %1</source>
        <translation>将节点数设为 %1</translation>
    </message>
    <message>
        <source>Intra-node lin&amp;k</source>
        <translation>节点内链路(&amp;K)</translation>
    </message>
    <message>
        <source>The link between GPUs of one node (NVLink, PCIe).</source>
        <translation>同一节点内 GPU 之间的链路（NVLink、PCIe）。</translation>
    </message>
    <message>
        <source>Inter-node link</source>
        <translation>节点间链路</translation>
    </message>
    <message>
        <source>The network between nodes (InfiniBand, RoCE), per GPU.</source>
        <translation>节点之间的网络（InfiniBand、RoCE），按每块 GPU 计。</translation>
    </message>
    <message>
        <source>Set intra-node link to %1</source>
        <translation>将节点内链路设为 %1</translation>
    </message>
    <message>
        <source>Set inter-node link to %1</source>
        <translation>将节点间链路设为 %1</translation>
    </message>
    <message>
        <source>Custom GPU</source>
        <translation>自定义 GPU</translation>
    </message>
    <message>
        <source>%1 memory · %2 TFLOP/s BF16 · %3 GB/s HBM</source>
        <translation>显存 %1 · BF16 %2 TFLOP/s · HBM %3 GB/s</translation>
    </message>
    <message>
        <source>%1 GPUs in the cluster</source>
        <translation>集群共 %1 块 GPU</translation>
    </message>
    <message>
        <source>Custom link</source>
        <translation>自定义链路</translation>
    </message>
    <message>
        <source>1 GPU in the cluster</source>
        <translation>集群共 1 块 GPU</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::ComparePane</name>
    <message>
        <source>(not set)</source>
        <translation>（未设置）</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>S&amp;wap A and B</source>
        <translation>交换 A 和 B(&amp;W)</translation>
    </message>
    <message>
        <source>Put plan A on the document and pin the current plan as A</source>
        <translation>把方案 A 放回文档，并把当前方案固定为 A</translation>
    </message>
    <message>
        <source>&amp;Use A</source>
        <translation>采用 A(&amp;U)</translation>
    </message>
    <message>
        <source>Go back to plan A (undo with Ctrl+Z) and stop comparing</source>
        <translation>回到方案 A（可用 Ctrl+Z 撤销）并结束比较</translation>
    </message>
    <message>
        <source>&amp;Keep B</source>
        <translation>保留 B(&amp;K)</translation>
    </message>
    <message>
        <source>Keep the current plan B and stop comparing</source>
        <translation>保留当前方案 B 并结束比较</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
    <message>
        <source>GB per GPU</source>
        <translation>每块 GPU 的 GB 数</translation>
    </message>
    <message>
        <source>Pipeline stage: A | B</source>
        <translation>流水线阶段：A | B</translation>
    </message>
    <message>
        <source>A: pin a plan (Edit ▸ Pin Plan as A) to compare it</source>
        <translation>A：固定一个方案（编辑 ▸ 固定为方案 A）即可比较</translation>
    </message>
    <message>
        <source>B: the plan as it is now</source>
        <translation>B：当前的方案</translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation>A：%1</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B：%1</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Step: %1</source>
        <translation>单步：%1</translation>
    </message>
    <message>
        <source>B is better</source>
        <translation>B 更好</translation>
    </message>
    <message>
        <source>A is better</source>
        <translation>A 更好</translation>
    </message>
    <message>
        <source>%1 per GPU</source>
        <translation>每块 GPU 的 %1 数</translation>
    </message>
    <message>
        <source>Pipeline stages 0 to %1, A | B</source>
        <translation>流水线阶段 0 到 %1，A | B</translation>
    </message>
    <message>
        <source>A | B</source>
        <translation>A | B</translation>
    </message>
    <message>
        <source>No field differs: A and B are the same plan.</source>
        <translation>没有不同的字段：A 和 B 是同一个方案。</translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation>%1：%2 → %3</translation>
    </message>
    <message>
        <source>Compare Plans</source>
        <translation>比较方案</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::ControlsGroup</name>
    <message>
        <source>Show or hide the %1 settings.</source>
        <translation>显示或隐藏“%1”设置。</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::CopyableLabel</name>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::DiagnosticsList</name>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Problems in the plan; activate one to go to its control.</source>
        <translation>方案中的问题；激活某一项可跳转到对应的控件。</translation>
    </message>
    <message>
        <source>%1 (reading %2)</source>
        <translation>%1（读取 %2 时）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 at %2: %3
Activate to go to the control.</source>
        <translation>%1，位于 %2：%3
激活可跳转到对应的控件。</translation>
    </message>
    <message>
        <source>No problems</source>
        <translation>没有问题</translation>
    </message>
    <message>
        <source>The plan breaks no rule the engine checks.</source>
        <translation>方案没有违反引擎检查的任何规则。</translation>
    </message>
    <message>
        <source>Diagnostics</source>
        <translation>诊断</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::FitAdviceView</name>
    <message>
        <source>Make it fit</source>
        <translation>让它放得下</translation>
    </message>
    <message>
        <source>No memory estimate: see the diagnostics.</source>
        <translation>没有显存估算：请查看诊断。</translation>
    </message>
    <message>
        <source>Fits: %1 of headroom below the %2 usable.</source>
        <translation>放得下：距可用的 %2 还有 %1 余量。</translation>
    </message>
    <message>
        <source>This convention counts no activations, so no micro-batch limit.</source>
        <translation>该口径不计激活，因此没有微批次上限。</translation>
    </message>
    <message>
        <source>Micro-batches of at least %1 fit.</source>
        <translation>至少 %1 的微批次都放得下。</translation>
    </message>
    <message>
        <source>The largest micro-batch that fits is %1.</source>
        <translation>放得下的最大微批次为 %1。</translation>
    </message>
    <message>
        <source>Does not fit: peak %1 of %2 usable. Try one change:</source>
        <translation>放不下：峰值 %1，可用 %2。试试以下一项修改：</translation>
    </message>
    <message>
        <source>%1: not modelled by the %2 convention</source>
        <translation>%1：%2 口径未建模</translation>
    </message>
    <message>
        <source>This convention&apos;s formula has no term for this change.</source>
        <translation>该口径的公式中没有对应这项修改的项。</translation>
    </message>
    <message>
        <source> ✓ fits</source>
        <translation> ✓ 放得下</translation>
    </message>
    <message>
        <source>Apply: %1</source>
        <translation>应用：%1</translation>
    </message>
    <message>
        <source>Does not fit: peak %1 of %2 usable, and no change or pair of changes below makes it fit.</source>
        <translation>放不下：峰值 %1，可用 %2，没有哪项改动或两项组合能让它放下。</translation>
    </message>
    <message>
        <source>Does not fit: peak %1 of %2 usable. No single change makes it fit; these pairs of changes do:</source>
        <translation>放不下：峰值 %1，可用 %2。没有单项改动能让它放下，以下两项组合可以：</translation>
    </message>
    <message>
        <source>Does not fit: peak %1 of %2 usable. No single change or pair of changes makes it fit; these come closest:</source>
        <translation>放不下：峰值 %1，可用 %2。没有单项改动或两项组合能让它放下，以下组合最接近：</translation>
    </message>
    <message>
        <source>global batch %1 kept</source>
        <translation>全局批次 %1 不变</translation>
    </message>
    <message>
        <source>global batch %1 → %2</source>
        <translation>全局批次 %1 → %2</translation>
    </message>
    <message>
        <source>step %1, %2 tokens/s</source>
        <translation>单步 %1，%2 词元/秒</translation>
    </message>
    <message>
        <source>no step time</source>
        <translation>无单步时间</translation>
    </message>
    <message>
        <source>Applies this as one undoable step: peak %1 (%2), %3, %4.</source>
        <translation>作为一步可撤销的操作应用：峰值 %1（%2），%3，%4。</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>still too large</source>
        <translation>仍然太大</translation>
    </message>
    <message>
        <source>The largest micro-batch that fits. The accumulation stays as it is, so the global batch (%1 now) grows in proportion. Applies it as one undoable step.</source>
        <translation>放得下的最大微批次。梯度累积保持不变，所以全局批次（现为 %1）按比例增大。作为一步可撤销的操作应用。</translation>
    </message>
    <message>
        <source>%1 → %2%3
%4 · %5</source>
        <translation>%1 → %2%3
%4 · %5</translation>
    </message>
    <message>
        <source>%1 → %2
global batch grows with it</source>
        <translation>%1 → %2
全局批次随之增大</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::FrameworkFileActions</name>
    <message>
        <source>The file is too large for a config file.</source>
        <translation>文件太大，不像是配置文件。</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <source>Expor&amp;t As</source>
        <translation>导出为(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>导入(&amp;I)…</translation>
    </message>
    <message>
        <source>Export As</source>
        <translation>导出为</translation>
    </message>
    <message>
        <source>Could not export the plan</source>
        <translation>无法导出方案</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>Config files (%1)</source>
        <translation>配置文件 (%1)</translation>
    </message>
    <message>
        <source>Could not import the file</source>
        <translation>无法导入该文件</translation>
    </message>
    <message>
        <source>This is a Fourfold plan: open it with File → Open.</source>
        <translation>这是一个 Fourfold 方案：请用“文件 → 打开”打开它。</translation>
    </message>
    <message>
        <source>Import %1 %2</source>
        <translation>导入%1 %2</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::Language</name>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>info</source>
        <translation>提示</translation>
    </message>
    <message>
        <source> (line %1, column %2)</source>
        <translation>（第 %1 行，第 %2 列）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::LessonSource</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: not a lesson</source>
        <translation>%1：不是课程文件</translation>
    </message>
    <message>
        <source>Could not open &quot;%1&quot;: %2</source>
        <translation>无法打开“%1”：%2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is larger than %2 bytes; a lesson holds less</source>
        <translation>“%1”大于 %2 字节；课程文件不会这么大</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::MainWindow</name>
    <message>
        <source>Evaluating the plan…</source>
        <translation>正在计算方案…</translation>
    </message>
    <message>
        <source>Controls</source>
        <translation>控制面板</translation>
    </message>
    <message>
        <source>%1[*] — Fourfold</source>
        <translation>%1[*] — Fourfold</translation>
    </message>
    <message>
        <source>%1[*] — %2 — Fourfold</source>
        <translation>%1[*] — %2 — Fourfold</translation>
    </message>
    <message>
        <source>1 node</source>
        <translation>1 个节点</translation>
    </message>
    <message>
        <source>%1 nodes</source>
        <translation>%1 个节点</translation>
    </message>
    <message>
        <source>Could not write the screenshot &quot;%1&quot;.</source>
        <translation>无法写入截图“%1”。</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Export Plan with Results…</source>
        <translation>导出方案及结果(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Maximise View</source>
        <translation>最大化视图(&amp;M)</translation>
    </message>
    <message>
        <source>Let the current view fill the area, or show all four again</source>
        <translation>让当前视图占满区域，或重新显示全部四个视图</translation>
    </message>
    <message>
        <source>Show Sizes in &amp;GiB</source>
        <translation>以 GiB 显示大小(&amp;G)</translation>
    </message>
    <message>
        <source>GB = 10⁹ bytes (as papers write); GiB = 2³⁰ bytes</source>
        <translation>GB = 10⁹ 字节（论文的写法）；GiB = 2³⁰ 字节</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>The desktop&apos;s colours, followed when the desktop changes them</source>
        <translation>使用桌面的配色，桌面更改时随之变化</translation>
    </message>
    <message>
        <source>&amp;About Fourfold</source>
        <translation>关于 Fourfold(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Export &amp;View Image</source>
        <translation>导出视图图像(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Show or hide the %1 pane</source>
        <translation>显示或隐藏“%1”窗格</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>The new language takes effect when Fourfold starts again.</source>
        <translation>新的语言将在 Fourfold 下次启动时生效。</translation>
    </message>
    <message>
        <source>The desktop&apos;s language</source>
        <translation>桌面的语言</translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>&amp;Clear List</source>
        <translation>清除列表(&amp;C)</translation>
    </message>
    <message>
        <source>%1…</source>
        <translation>%1…</translation>
    </message>
    <message>
        <source>Fourfold plans (*.json);;All files (*)</source>
        <translation>Fourfold 方案 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open Plan</source>
        <translation>打开方案</translation>
    </message>
    <message>
        <source>Could not open the plan</source>
        <translation>无法打开方案</translation>
    </message>
    <message>
        <source>Save Plan As</source>
        <translation>方案另存为</translation>
    </message>
    <message>
        <source>Could not save the plan</source>
        <translation>无法保存方案</translation>
    </message>
    <message>
        <source>Export Plan with Results</source>
        <translation>导出方案及结果</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON 文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Could not export the plan</source>
        <translation>无法导出方案</translation>
    </message>
    <message>
        <source>Export %1 Image</source>
        <translation>导出“%1”图像</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG 图像 (*.png);;SVG 图像 (*.svg);;PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Could not export the image</source>
        <translation>无法导出图像</translation>
    </message>
    <message>
        <source>&amp;Arrange Views</source>
        <translation>视图排列(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Automatic (tabs when the window is small)</source>
        <translation>自动（窗口较小时用标签页）(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Grid of four</source>
        <translation>四格网格(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Tabs, one at a time</source>
        <translation>标签页，一次一个(&amp;T)</translation>
    </message>
    <message>
        <source>Find Best &amp;Layouts…</source>
        <translation>查找最佳布局(&amp;L)…</translation>
    </message>
    <message>
        <source>Search every layout of this plan and rank them by throughput, time, cost or memory</source>
        <translation>搜索该方案的所有布局，并按吞吐量、时间、成本或显存排序</translation>
    </message>
    <message>
        <source>&amp;Pin Plan as A for Comparison</source>
        <translation>固定为方案 A 以便比较(&amp;P)</translation>
    </message>
    <message>
        <source>Keep this plan as A; change the plan, open another or apply a search row as B, and see both side by side</source>
        <translation>把此方案保留为 A；修改方案、打开另一个文件或应用一行搜索结果作为 B，并排查看两者</translation>
    </message>
    <message>
        <source>1 GPU per node</source>
        <translation>每节点 1 块 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs per node</source>
        <translation>每节点 %1 块 GPU</translation>
    </message>
    <message>
        <source>World size %1 · %2 × %3</source>
        <translation>总规模 %1 · %2 × %3</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::MeasuredControls</name>
    <message>
        <source>Measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>e.g. 71, 68.5</source>
        <translation>例如 71, 68.5</translation>
    </message>
    <message>
        <source>Measured peak memory per stage in GB</source>
        <translation>每个阶段的实测峰值显存（GB）</translation>
    </message>
    <message>
        <source>Peak per stage (GB)</source>
        <translation>各阶段峰值（GB）</translation>
    </message>
    <message>
        <source>Peak memory you measured on each pipeline stage, in GB, comma separated.</source>
        <translation>你在每个流水线阶段实测的峰值显存，单位 GB，用逗号分隔。</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>未实测</translation>
    </message>
    <message>
        <source>Measured step time</source>
        <translation>实测单步时间</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>Seconds one optimizer step took on real hardware.</source>
        <translation>在真实硬件上一次优化器步骤所用的秒数。</translation>
    </message>
    <message>
        <source>Set measured step time to %1</source>
        <translation>将实测单步时间设为 %1</translation>
    </message>
    <message>
        <source>Clear the measured step time</source>
        <translation>清除实测单步时间</translation>
    </message>
    <message>
        <source>Write one number of GB per stage, separated by commas (for example 71, 68.5).</source>
        <translation>每个阶段写一个以 GB 为单位的数，用逗号分隔（例如 71, 68.5）。</translation>
    </message>
    <message>
        <source>Set measured peak memory</source>
        <translation>设置实测峰值显存</translation>
    </message>
    <message>
        <source>Measured tokens per second per GPU</source>
        <translation>实测每块 GPU 每秒 token 数</translation>
    </message>
    <message>
        <source>Tokens/s per GPU</source>
        <translation>每 GPU token/s</translation>
    </message>
    <message>
        <source>Tokens per second per GPU the run reached (torchtitan&apos;s tps); compared as the step time it implies when no step time is given.</source>
        <translation>该运行达到的每块 GPU 每秒 token 数（torchtitan 的 tps）；未给出单步时间时，按它所对应的单步时间进行比较。</translation>
    </message>
    <message>
        <source>Set measured tokens/s per GPU to %1</source>
        <translation>将实测每 GPU token/s 设为 %1</translation>
    </message>
    <message>
        <source>Clear the measured tokens/s per GPU</source>
        <translation>清除实测每 GPU token/s</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::MemoryControls</name>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Accounting</source>
        <translation>核算口径</translation>
    </message>
    <message>
        <source>Whose memory accounting the figures follow.</source>
        <translation>数值遵循哪一方的显存核算方式。</translation>
    </message>
    <message>
        <source>Use %1 memory accounting</source>
        <translation>使用 %1 显存核算</translation>
    </message>
    <message>
        <source>Fragmentation</source>
        <translation>碎片率</translation>
    </message>
    <message>
        <source>Share of allocated memory the allocator loses to fragmentation.</source>
        <translation>分配器因碎片损失的已分配显存比例。</translation>
    </message>
    <message>
        <source>Set fragmentation to %1</source>
        <translation>将碎片率设为 %1</translation>
    </message>
    <message>
        <source>Safet&amp;y margin</source>
        <translation>安全余量(&amp;Y)</translation>
    </message>
    <message>
        <source>Share of GPU memory kept free for spikes.</source>
        <translation>为突发峰值预留的 GPU 显存比例。</translation>
    </message>
    <message>
        <source>Set safety margin to %1</source>
        <translation>将安全余量设为 %1</translation>
    </message>
    <message>
        <source>Frame&amp;work memory</source>
        <translation>框架显存(&amp;W)</translation>
    </message>
    <message>
        <source>CUDA context, framework and library workspaces on every GPU.</source>
        <translation>每块 GPU 上的 CUDA 上下文、框架和库的工作空间。</translation>
    </message>
    <message>
        <source> GB</source>
        <translation> GB</translation>
    </message>
    <message>
        <source>Set framework memory to %1</source>
        <translation>将框架显存设为 %1</translation>
    </message>
    <message>
        <source>Count communication buffers</source>
        <translation>计入通信缓冲区</translation>
    </message>
    <message>
        <source>Include DDP buckets and ZeRO gather buffers in the figures.</source>
        <translation>把 DDP 梯度桶和 ZeRO 收集缓冲区计入数值。</translation>
    </message>
    <message>
        <source>Leave out communication buffers</source>
        <translation>不计通信缓冲区</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::MemoryStackView</name>
    <message>
        <source>GiB (2³⁰ bytes)</source>
        <translation>GiB（2³⁰ 字节）</translation>
    </message>
    <message>
        <source>Show memory in GiB instead of GB (10⁹ bytes)</source>
        <translation>以 GiB 而不是 GB（10⁹ 字节）显示显存</translation>
    </message>
    <message>
        <source>No memory estimate yet.</source>
        <translation>尚无显存估算。</translation>
    </message>
    <message>
        <source>Memory per GPU (GB)</source>
        <translation>每块 GPU 的显存（GB）</translation>
    </message>
    <message>
        <source>No memory estimate</source>
        <translation>没有显存估算</translation>
    </message>
    <message>
        <source>No memory estimate for this plan.</source>
        <translation>该方案没有显存估算。</translation>
    </message>
    <message>
        <source>Memory per GPU (%1)</source>
        <translation>每块 GPU 的显存（%1）</translation>
    </message>
    <message>
        <source>Peak %1 per GPU · usable %2 of %3 · %4</source>
        <translation>每块 GPU 峰值 %1 · 可用 %2 / 共 %3 · %4</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>Model state %1 bytes/parameter on stage %2 (%3 for %4 params)</source>
        <translation>第 %2 阶段模型状态 %1 字节/参数（%4 个参数共 %3）</translation>
    </message>
    <message>
        <source>capacity %1</source>
        <translation>容量 %1</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <source>Safety margin</source>
        <translation>安全余量</translation>
    </message>
    <message>
        <source>Usable</source>
        <translation>可用</translation>
    </message>
    <message>
        <source>Over usable</source>
        <translation>超出可用</translation>
    </message>
    <message>
        <source>+%1 over</source>
        <translation>超出 %1</translation>
    </message>
    <message>
        <source>Measured peak
(predicted vs measured)</source>
        <translation>实测峰值
（预测 对比 实测）</translation>
    </message>
    <message numerus="yes">
        <source>Stage %1
%n in flight</source>
        <translation>
            <numerusform>第 %1 阶段
在途 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>Pipeline stage</source>
        <translation>流水线阶段</translation>
    </message>
    <message>
        <source>Stage %1 · %2: %3</source>
        <translation>第 %1 阶段 · %2：%3</translation>
    </message>
    <message>
        <source>Stage %1 measured peak %2
predicted %3 (%4)</source>
        <translation>第 %1 阶段实测峰值 %2
预测 %3（%4）</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Measured peak %1 (the fullest stage)
predicted %2 (%3)</source>
        <translation>实测峰值 %1（最满的阶段）
预测 %2（%3）</translation>
    </message>
    <message>
        <source>Stage total %1, one micro-batch in flight</source>
        <translation>阶段合计 %1，在途 1 个微批次</translation>
    </message>
    <message numerus="yes">
        <source>Stage total %1, %n micro-batches in flight</source>
        <translation>
            <numerusform>阶段合计 %1，在途 %n 个微批次</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fourfold::ui::ModelControls</name>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>A published model whose whole shape the plan takes.</source>
        <translation>已发布的模型，方案采用它的完整形状。</translation>
    </message>
    <message>
        <source>Model si&amp;ze</source>
        <translation>模型规模(&amp;Z)</translation>
    </message>
    <message>
        <source>Parameter count in billions; the model takes a standard shape of that size.</source>
        <translation>以十亿计的参数量；模型采用该规模的标准形状。</translation>
    </message>
    <message>
        <source> B</source>
        <translation> B</translation>
    </message>
    <message>
        <source>Use a custom model shape</source>
        <translation>使用自定义模型形状</translation>
    </message>
    <message>
        <source>Choose model %1</source>
        <translation>选择模型 %1</translation>
    </message>
    <message>
        <source>Set model size to %1 parameters</source>
        <translation>将模型规模设为 %1 个参数</translation>
    </message>
    <message>
        <source>Custom shape</source>
        <translation>自定义形状</translation>
    </message>
    <message>
        <source>%1 parameters: %2</source>
        <translation>%1 个参数：%2</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::ParallelControls</name>
    <message>
        <source>Parallelism</source>
        <translation>并行方式</translation>
    </message>
    <message>
        <source>&amp;Data parallel (DP)</source>
        <translation>数据并行 (DP)(&amp;D)</translation>
    </message>
    <message>
        <source>Model replicas, each on its own slice of the batch; multiplies the global batch.</source>
        <translation>模型副本，各自处理批次的一部分；会成倍放大全局批次。</translation>
    </message>
    <message>
        <source>Set data parallel to %1</source>
        <translation>将数据并行设为 %1</translation>
    </message>
    <message>
        <source>&amp;Tensor parallel (TP)</source>
        <translation>张量并行 (TP)(&amp;T)</translation>
    </message>
    <message>
        <source>GPUs that split every layer&apos;s matrices; they talk in every layer, so keep them on one node.</source>
        <translation>切分每一层矩阵的 GPU；它们每层都要通信，因此应放在同一节点内。</translation>
    </message>
    <message>
        <source>Set tensor parallel to %1</source>
        <translation>将张量并行设为 %1</translation>
    </message>
    <message>
        <source>&amp;Pipeline parallel (PP)</source>
        <translation>流水线并行 (PP)(&amp;P)</translation>
    </message>
    <message>
        <source>Consecutive groups of layers on different GPUs, passing activations along.</source>
        <translation>把连续的若干层放在不同 GPU 上，依次传递激活。</translation>
    </message>
    <message>
        <source>Set pipeline parallel to %1</source>
        <translation>将流水线并行设为 %1</translation>
    </message>
    <message>
        <source>&amp;Context parallel (CP)</source>
        <translation>上下文并行 (CP)(&amp;C)</translation>
    </message>
    <message>
        <source>GPUs that split each sequence, for long contexts.</source>
        <translation>切分每条序列的 GPU，用于长上下文。</translation>
    </message>
    <message>
        <source>Set context parallel to %1</source>
        <translation>将上下文并行设为 %1</translation>
    </message>
    <message>
        <source>E&amp;xpert parallel (EP)</source>
        <translation>专家并行 (EP)(&amp;X)</translation>
    </message>
    <message>
        <source>GPUs that split a mixture-of-experts layer&apos;s experts between them.</source>
        <translation>在彼此之间分配混合专家层中各专家的 GPU。</translation>
    </message>
    <message>
        <source>Set expert parallel to %1</source>
        <translation>将专家并行设为 %1</translation>
    </message>
    <message>
        <source>Schedu&amp;le</source>
        <translation>调度(&amp;L)</translation>
    </message>
    <message>
        <source>The order pipeline stages run forward and backward passes in.</source>
        <translation>各流水线阶段执行前向和反向计算的顺序。</translation>
    </message>
    <message>
        <source>Set schedule to %1</source>
        <translation>将调度设为 %1</translation>
    </message>
    <message>
        <source>Virtual stages</source>
        <translation>虚拟阶段</translation>
    </message>
    <message>
        <source>Model chunks per pipeline GPU with the interleaved schedule; shrinks the bubble.</source>
        <translation>交错调度下每块流水线 GPU 上的模型块数；可缩小气泡。</translation>
    </message>
    <message>
        <source>Set virtual stages to %1</source>
        <translation>将虚拟阶段设为 %1</translation>
    </message>
    <message>
        <source>Sequence parallel (SP)</source>
        <translation>序列并行 (SP)</translation>
    </message>
    <message>
        <source>Split norm and dropout activations along the sequence across TP ranks.</source>
        <translation>在张量并行 rank 之间沿序列切分归一化和 dropout 的激活。</translation>
    </message>
    <message>
        <source>Use sequence parallelism</source>
        <translation>使用序列并行</translation>
    </message>
    <message>
        <source>Stop using sequence parallelism</source>
        <translation>停用序列并行</translation>
    </message>
    <message>
        <source>ZeRO sta&amp;ge</source>
        <translation>ZeRO 阶段(&amp;G)</translation>
    </message>
    <message>
        <source>Which model state data-parallel ranks shard instead of copying.</source>
        <translation>数据并行 rank 对哪些模型状态进行分片而不是复制。</translation>
    </message>
    <message>
        <source>Set ZeRO stage to %1</source>
        <translation>将 ZeRO 阶段设为 %1</translation>
    </message>
    <message>
        <source>Sharding group</source>
        <translation>分片组</translation>
    </message>
    <message>
        <source>Data-parallel ranks one ZeRO shard spreads over; 0 means all of them.</source>
        <translation>一个 ZeRO 分片分布到的数据并行 rank 数；0 表示全部。</translation>
    </message>
    <message>
        <source>Set sharding group to %1</source>
        <translation>将分片组设为 %1</translation>
    </message>
    <message>
        <source>all DP</source>
        <translation>全部 DP</translation>
    </message>
    <message>
        <source>Offload</source>
        <translation>卸载</translation>
    </message>
    <message>
        <source>Move optimizer state, and optionally weights, out of GPU memory.</source>
        <translation>把优化器状态（可选地连同权重）移出 GPU 显存。</translation>
    </message>
    <message>
        <source>Set offload to %1</source>
        <translation>将卸载设为 %1</translation>
    </message>
    <message>
        <source>%1, data parallel to %2</source>
        <translation>%1，数据并行设为 %2</translation>
    </message>
    <message>
        <source>%1 ranks of the cluster&apos;s %2 GPUs</source>
        <translation>集群 %2 块 GPU 中的 %1 个 rank</translation>
    </message>
    <message>
        <source>%1 rank of the cluster&apos;s one GPU</source>
        <translation>集群唯一一块 GPU 上的 %1 个 rank</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::PipelineGanttView</name>
    <message>
        <source>Forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <source>Backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>Weight gradient</source>
        <translation>权重梯度</translation>
    </message>
    <message>
        <source>Wheel or +/− zooms time, drag or ←/→ pans, 0 or Home resets</source>
        <translation>滚轮或 +/− 缩放时间轴，拖动或 ←/→ 平移，0 或 Home 复位</translation>
    </message>
    <message>
        <source>Reset view</source>
        <translation>复位视图</translation>
    </message>
    <message>
        <source>No pipeline schedule yet.</source>
        <translation>尚无流水线调度。</translation>
    </message>
    <message>
        <source>Pipeline rank</source>
        <translation>流水线 rank</translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation>时间（毫秒）</translation>
    </message>
    <message>
        <source>No pipeline schedule: %1</source>
        <translation>没有流水线调度：%1</translation>
    </message>
    <message>
        <source>No pipeline schedule</source>
        <translation>没有流水线调度</translation>
    </message>
    <message>
        <source>No pipeline schedule for this plan.</source>
        <translation>该方案没有流水线调度。</translation>
    </message>
    <message>
        <source>Bubble %1</source>
        <translation>气泡 %1</translation>
    </message>
    <message>
        <source>Bubble %1:  %2</source>
        <translation>气泡 %1：  %2</translation>
    </message>
    <message>
        <source>1 rank</source>
        <translation>1 个 rank</translation>
    </message>
    <message>
        <source>%1 ranks</source>
        <translation>%1 个 rank</translation>
    </message>
    <message>
        <source>Bubble %1  ·  step %2 for %3 micro-batches on %4</source>
        <translation>气泡 %1  ·  %4 上 %3 个微批次单步 %2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>chunk %1</source>
        <translation>模型块 %1</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>peak</source>
        <translation>峰值</translation>
    </message>
    <message>
        <source>activations, 1 rank in %1 (dark = 0)</source>
        <translation>激活，每 %1 个 rank 取 1 个（深色 = 0）</translation>
    </message>
    <message>
        <source>activations per rank (dark = 0)</source>
        <translation>每个 rank 的激活（深色 = 0）</translation>
    </message>
    <message>
        <source>headroom (usable − other)</source>
        <translation>余量（可用 − 其他）</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>时间（秒）</translation>
    </message>
    <message>
        <source>%1, micro-batch %2
rank %3 · stage %4 · chunk %5
start %6 · duration %7</source>
        <translation>%1，微批次 %2
rank %3 · 阶段 %4 · 模型块 %5
开始 %6 · 时长 %7</translation>
    </message>
    <message>
        <source>Pipeline</source>
        <translation>流水线</translation>
    </message>
    <message>
        <source>chunks 0–%1</source>
        <translation>模型块 0–%1</translation>
    </message>
    <message>
        <source>F and B in one pixel, by share</source>
        <translation>F 与 B 同在一个像素，按占比混色</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::PlanDocument</name>
    <message>
        <source>Could not open &quot;%1&quot;: %2</source>
        <translation>无法打开“%1”：%2</translation>
    </message>
    <message>
        <source>Could not read &quot;%1&quot;: %2</source>
        <translation>无法读取“%1”：%2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a Fourfold plan.</source>
        <translation>“%1”不是 Fourfold 方案。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid Fourfold plan:
%2</source>
        <translation>“%1”不是有效的 Fourfold 方案：
%2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; holds numbers outside the ranges a plan allows:
%2</source>
        <translation>“%1”中有数值超出了方案允许的范围：
%2</translation>
    </message>
    <message>
        <source>Edit plan</source>
        <translation>编辑方案</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::PlanFieldNames</name>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU 型号</translation>
    </message>
    <message>
        <source>HBM bandwidth</source>
        <translation>HBM 带宽</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <source>Peak TFLOP/s</source>
        <translation>峰值 TFLOP/s</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <source>Link between nodes</source>
        <translation>节点间链路</translation>
    </message>
    <message>
        <source>Link inside a node</source>
        <translation>节点内链路</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>Calibration profile</source>
        <translation>校准档案</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>Measured MFU</source>
        <translation>实测 MFU</translation>
    </message>
    <message>
        <source>Measured peak memory</source>
        <translation>实测峰值显存</translation>
    </message>
    <message>
        <source>Peak per stage (GB)</source>
        <translation>各阶段峰值（GB）</translation>
    </message>
    <message>
        <source>Measured samples/s</source>
        <translation>实测样本/秒</translation>
    </message>
    <message>
        <source>Measured step time</source>
        <translation>实测单步时间</translation>
    </message>
    <message>
        <source>Measured TFLOP/s per GPU</source>
        <translation>实测每 GPU TFLOP/s</translation>
    </message>
    <message>
        <source>Tokens/s per GPU</source>
        <translation>每 GPU 词元/秒</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Memory accounting</source>
        <translation>显存计算口径</translation>
    </message>
    <message>
        <source>Gradient bucket size</source>
        <translation>梯度桶大小</translation>
    </message>
    <message>
        <source>Fragmentation</source>
        <translation>碎片率</translation>
    </message>
    <message>
        <source>Framework memory</source>
        <translation>框架占用显存</translation>
    </message>
    <message>
        <source>Logits bytes per element</source>
        <translation>logits 每元素字节数</translation>
    </message>
    <message>
        <source>Safety margin</source>
        <translation>安全余量</translation>
    </message>
    <message>
        <source>ZeRO-3 prefetched layers</source>
        <translation>ZeRO-3 预取层数</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>FFN size</source>
        <translation>FFN 维度</translation>
    </message>
    <message>
        <source>Full attention every</source>
        <translation>全注意力间隔</translation>
    </message>
    <message>
        <source>Head size</source>
        <translation>注意力头维度</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>隐藏维度</translation>
    </message>
    <message>
        <source>Key/value heads</source>
        <translation>键值头数</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Latent attention</source>
        <translation>潜在注意力（MLA）</translation>
    </message>
    <message>
        <source>MLP</source>
        <translation>MLP 结构</translation>
    </message>
    <message>
        <source>Mixture of experts</source>
        <translation>混合专家</translation>
    </message>
    <message>
        <source>Expert FFN size</source>
        <translation>专家 FFN 维度</translation>
    </message>
    <message>
        <source>Experts</source>
        <translation>专家数</translation>
    </message>
    <message>
        <source>Dense layers first</source>
        <translation>开头的稠密层数</translation>
    </message>
    <message>
        <source>Expert layer every</source>
        <translation>专家层间隔</translation>
    </message>
    <message>
        <source>Shared experts</source>
        <translation>共享专家数</translation>
    </message>
    <message>
        <source>Shared expert FFN size</source>
        <translation>共享专家 FFN 维度</translation>
    </message>
    <message>
        <source>Experts per token</source>
        <translation>每个词元的专家数</translation>
    </message>
    <message>
        <source>Multi-token prediction layers</source>
        <translation>多词元预测层数</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Query/key norm</source>
        <translation>查询/键归一化</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Sliding window</source>
        <translation>滑动窗口</translation>
    </message>
    <message>
        <source>Tied embeddings</source>
        <translation>共享词嵌入</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>Plan name</source>
        <translation>方案名称</translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation>并行方式</translation>
    </message>
    <message>
        <source>Context parallel</source>
        <translation>上下文并行</translation>
    </message>
    <message>
        <source>Data parallel</source>
        <translation>数据并行</translation>
    </message>
    <message>
        <source>Embedding in the split</source>
        <translation>词嵌入计入切分</translation>
    </message>
    <message>
        <source>Expert parallel</source>
        <translation>专家并行</translation>
    </message>
    <message>
        <source>Expert tensor parallel</source>
        <translation>专家张量并行</translation>
    </message>
    <message>
        <source>Layers on the first stage</source>
        <translation>首阶段层数</translation>
    </message>
    <message>
        <source>Layers on the last stage</source>
        <translation>末阶段层数</translation>
    </message>
    <message>
        <source>Loss in the split</source>
        <translation>损失计入切分</translation>
    </message>
    <message>
        <source>Offload</source>
        <translation>卸载</translation>
    </message>
    <message>
        <source>Rank order</source>
        <translation>进程排列顺序</translation>
    </message>
    <message>
        <source>Pipeline layout</source>
        <translation>流水线布局</translation>
    </message>
    <message>
        <source>Pipeline parallel</source>
        <translation>流水线并行</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <source>Sequence parallel</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>Sharding group</source>
        <translation>分片组</translation>
    </message>
    <message>
        <source>Tensor parallel</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <source>Virtual stages</source>
        <translation>虚拟阶段</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>Performance</source>
        <translation>性能</translation>
    </message>
    <message>
        <source>Overlap gradient reduction</source>
        <translation>梯度归约重叠</translation>
    </message>
    <message>
        <source>Overlap parameter gathering</source>
        <translation>参数收集重叠</translation>
    </message>
    <message>
        <source>Overlap tensor-parallel communication</source>
        <translation>张量并行通信重叠</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Flash attention</source>
        <translation>Flash Attention</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>全局批次</translation>
    </message>
    <message>
        <source>Gradient accumulation</source>
        <translation>梯度累积</translation>
    </message>
    <message>
        <source>Gradient precision</source>
        <translation>梯度精度</translation>
    </message>
    <message>
        <source>Master weights</source>
        <translation>主权重</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>激活重计算</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::PlanPin</name>
    <message>
        <source>Swap plans A and B</source>
        <translation>交换方案 A 和 B</translation>
    </message>
    <message>
        <source>Use plan A</source>
        <translation>采用方案 A</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::PresetNames</name>
    <message>
        <source>Generic</source>
        <translation>通用</translation>
    </message>
    <message>
        <source>Generic 7B</source>
        <translation>通用 7B</translation>
    </message>
    <message>
        <source>NVLink 3 (A100, 600 GB/s total)</source>
        <translation>NVLink 3（A100，合计 600 GB/s）</translation>
    </message>
    <message>
        <source>NVLink 4 (H100, 900 GB/s total)</source>
        <translation>NVLink 4（H100，合计 900 GB/s）</translation>
    </message>
    <message>
        <source>NVLink 4 (H800, 400 GB/s total)</source>
        <translation>NVLink 4（H800，合计 400 GB/s）</translation>
    </message>
    <message>
        <source>NVLink 5 (B200, 1.8 TB/s total)</source>
        <translation>NVLink 5（B200，合计 1.8 TB/s）</translation>
    </message>
    <message>
        <source>InfiniBand HDR 200 Gb/s per GPU</source>
        <translation>InfiniBand HDR，每 GPU 200 Gb/s</translation>
    </message>
    <message>
        <source>InfiniBand NDR 400 Gb/s per GPU</source>
        <translation>InfiniBand NDR，每 GPU 400 Gb/s</translation>
    </message>
    <message>
        <source>RoCE v2 100 Gb/s Ethernet per GPU</source>
        <translation>RoCE v2 以太网，每 GPU 100 Gb/s</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::RankMapView</name>
    <message>
        <source>PP stage</source>
        <translation>流水线阶段</translation>
    </message>
    <message>
        <source>TP rank</source>
        <translation>张量并行 rank</translation>
    </message>
    <message>
        <source>DP replica</source>
        <translation>数据并行副本</translation>
    </message>
    <message>
        <source>CP rank</source>
        <translation>上下文并行 rank</translation>
    </message>
    <message>
        <source>EP rank</source>
        <translation>专家并行 rank</translation>
    </message>
    <message>
        <source>Colour by</source>
        <translation>着色依据</translation>
    </message>
    <message>
        <source>Rank %1 — node %2, GPU %3</source>
        <translation>Rank %1 — 节点 %2，GPU %3</translation>
    </message>
    <message>
        <source>TP %1 · CP %2 · EP %3 · DP %4 · PP %5</source>
        <translation>TP %1 · CP %2 · EP %3 · DP %4 · PP %5</translation>
    </message>
    <message>
        <source>Expert layers: ETP %1 · EP %2 · EDP %3</source>
        <translation>专家层：ETP %1 · EP %2 · EDP %3</translation>
    </message>
    <message>
        <source>%1 group: %2 (%3)</source>
        <translation>%1 组：%2（%3）</translation>
    </message>
    <message>
        <source>spans nodes</source>
        <translation>跨节点</translation>
    </message>
    <message>
        <source>inside the node</source>
        <translation>在节点内</translation>
    </message>
    <message>
        <source>No plan evaluated yet.</source>
        <translation>尚未计算任何方案。</translation>
    </message>
    <message>
        <source>The plan has no rank layout to show.</source>
        <translation>该方案没有可显示的 rank 布局。</translation>
    </message>
    <message>
        <source>No rank map:</source>
        <translation>没有进程映射：</translation>
    </message>
    <message>
        <source>1 node</source>
        <translation>1 个节点</translation>
    </message>
    <message>
        <source>%1 nodes</source>
        <translation>%1 个节点</translation>
    </message>
    <message>
        <source>Coloured by %1 · </source>
        <translation>按%1着色 · </translation>
    </message>
    <message>
        <source>%1 GPUs on %2 × %3 · order %4 · tp %5 · cp %6 · ep %7 · dp %8 · pp %9</source>
        <translation>%1 块 GPU，%2 × %3 · 顺序 %4 · tp %5 · cp %6 · ep %7 · dp %8 · pp %9</translation>
    </message>
    <message>
        <source>Rank map</source>
        <translation>进程映射</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::ScalingChart</name>
    <message>
        <source>Strong scaling (fixed global batch)</source>
        <translation>强扩展（全局批次固定）</translation>
    </message>
    <message>
        <source>Weak scaling (fixed work per GPU)</source>
        <translation>弱扩展（每块 GPU 工作量固定）</translation>
    </message>
    <message>
        <source>Strong: the same global batch shared by more data-parallel replicas. Weak: each replica keeps its batch, so the global batch grows with the GPUs.</source>
        <translation>强扩展：同一个全局批次由更多数据并行副本分担。弱扩展：每个副本保持自己的批次，因此全局批次随 GPU 数增长。</translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation>加速比</translation>
    </message>
    <message>
        <source>Efficiency (%)</source>
        <translation>效率（%）</translation>
    </message>
    <message>
        <source>No world size keeps this global batch whole.</source>
        <translation>没有任何总规模能让这个全局批次保持为整数。</translation>
    </message>
    <message>
        <source>Scaling needs a plan without errors.</source>
        <translation>扩展曲线需要一个没有错误的方案。</translation>
    </message>
    <message>
        <source>Ideal (linear)</source>
        <translation>理想（线性）</translation>
    </message>
    <message>
        <source>Speedup (model)</source>
        <translation>加速比（模型）</translation>
    </message>
    <message>
        <source>Efficiency (model)</source>
        <translation>效率（模型）</translation>
    </message>
    <message>
        <source>This plan</source>
        <translation>本方案</translation>
    </message>
    <message>
        <source>%1 GPUs (dp %2): step %3, %4 tokens/s, speedup %5×, efficiency %6</source>
        <translation>%1 块 GPU（dp %2）：单步 %3，%4 词元/秒，加速比 %5×，效率 %6</translation>
    </message>
    <message>
        <source>1 GPU</source>
        <translation>1 块 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 块 GPU</translation>
    </message>
    <message>
        <source>Fixed global batch. Speedup T₁/Tₙ and efficiency T₁/(N·Tₙ) from %1: at %2 %3×, %4.</source>
        <translation>全局批次固定。加速比 T₁/Tₙ 与效率 T₁/(N·Tₙ) 以 %1 为起点：在 %2 时为 %3×，%4。</translation>
    </message>
    <message>
        <source>Fixed work per GPU. Efficiency T₁/Tₙ from %1 and the throughput gain it gives: at %2 %3×, %4.</source>
        <translation>每块 GPU 的工作量固定。效率 T₁/Tₙ 以 %1 为起点，及其带来的吞吐提升：在 %2 时为 %3×，%4。</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::SearchResultsModel</name>
    <message>
        <source>Data parallel</source>
        <translation>数据并行</translation>
    </message>
    <message>
        <source>Tensor parallel</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <source>Pipeline parallel</source>
        <translation>流水线并行</translation>
    </message>
    <message>
        <source>Context parallel</source>
        <translation>上下文并行</translation>
    </message>
    <message>
        <source>Expert parallel</source>
        <translation>专家并行</translation>
    </message>
    <message>
        <source>Expert tensor parallel</source>
        <translation>专家张量并行</translation>
    </message>
    <message>
        <source>Virtual stages</source>
        <translation>虚拟阶段</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>Offload</source>
        <translation>卸载</translation>
    </message>
    <message>
        <source>Sequence parallel</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>激活重计算</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>Accumulation</source>
        <translation>梯度累积</translation>
    </message>
    <message>
        <source>Overlap DP reduction</source>
        <translation>重叠数据并行归约</translation>
    </message>
    <message>
        <source>Overlap parameter gather</source>
        <translation>重叠参数收集</translation>
    </message>
    <message>
        <source>Overlap TP communication</source>
        <translation>重叠张量并行通信</translation>
    </message>
    <message>
        <source>Overlap pipeline sends</source>
        <translation>重叠流水线发送</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>ETP</source>
        <translation>ETP</translation>
    </message>
    <message>
        <source>VPP</source>
        <translation>VPP</translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <source>SP</source>
        <translation>SP</translation>
    </message>
    <message>
        <source>Micro</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>Accum.</source>
        <translation>累积</translation>
    </message>
    <message>
        <source>Ovl. DP</source>
        <translation>重叠 DP</translation>
    </message>
    <message>
        <source>Ovl. gather</source>
        <translation>重叠收集</translation>
    </message>
    <message>
        <source>Ovl. TP</source>
        <translation>重叠 TP</translation>
    </message>
    <message>
        <source>Ovl. P2P</source>
        <translation>重叠 P2P</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>On the Pareto front of peak memory and tokens/s</source>
        <translation>位于峰值显存与词元/秒的帕累托前沿上</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation>峰值显存</translation>
    </message>
    <message>
        <source>Within margin</source>
        <translation>在余量内</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>词元/秒</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Bubble</source>
        <translation>气泡</translation>
    </message>
    <message>
        <source>Time to train</source>
        <translation>训练时间</translation>
    </message>
    <message>
        <source>Cost to train</source>
        <translation>训练成本</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>余量</translation>
    </message>
    <message>
        <source>Objective</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>= TP</source>
        <translation>= TP</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::SearchScatter</name>
    <message>
        <source>Tokens/s</source>
        <translation>词元/秒</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>候选</translation>
    </message>
    <message>
        <source>This plan</source>
        <translation>本方案</translation>
    </message>
    <message>
        <source>Peak memory per GPU (%1)</source>
        <translation>每块 GPU 的峰值显存（%1）</translation>
    </message>
    <message>
        <source>#%1: dp %2 · tp %3 · pp %4 · cp %5, %6, micro-batch %7
%8 peak, %9 tokens/s</source>
        <translation>#%1：dp %2 · tp %3 · pp %4 · cp %5，%6，微批次 %7
峰值 %8，%9 词元/秒</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::SearchView</name>
    <message>
        <source>Ob&amp;jective</source>
        <translation>目标(&amp;J)</translation>
    </message>
    <message>
        <source>Sche&amp;dule</source>
        <translation>调度(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;ZeRO</source>
        <translation>&amp;ZeRO</translation>
    </message>
    <message>
        <source>Show &amp;best</source>
        <translation>显示最佳(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Search</source>
        <translation>搜索(&amp;S)</translation>
    </message>
    <message>
        <source>Try every layout of this plan&apos;s model on its cluster at its global batch</source>
        <translation>在该方案的集群和全局批次下，尝试其模型的每一种布局</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>Search to find the best layouts of this plan.</source>
        <translation>搜索以找出该方案的最佳布局。</translation>
    </message>
    <message>
        <source>Enter or double-click applies a layout to the plan (undo with Ctrl+Z)</source>
        <translation>按 Enter 或双击将布局应用到方案（可用 Ctrl+Z 撤销）</translation>
    </message>
    <message>
        <source>Why not mine?</source>
        <translation>为什么不是我的方案？</translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation>每秒词元数</translation>
    </message>
    <message>
        <source>Time to train</source>
        <translation>训练时间</translation>
    </message>
    <message>
        <source>Cost to train</source>
        <translation>训练成本</translation>
    </message>
    <message>
        <source>Memory headroom</source>
        <translation>显存余量</translation>
    </message>
    <message>
        <source>Time and cost are for the plan&apos;s token budget and price per GPU-hour (per step without a budget)</source>
        <translation>时间和成本按方案的词元预算和每 GPU 小时价格计算（没有预算时按单步计算）</translation>
    </message>
    <message>
        <source>Fits &amp;only</source>
        <translation>仅显示放得下的(&amp;O)</translation>
    </message>
    <message>
        <source>On: layouts that fit within the plan&apos;s safety margin. Off: also those that fit only into the card&apos;s whole memory; the table says which stay within the margin.</source>
        <translation>开启：只列出在方案安全余量内放得下的布局。关闭：也列出只能放进整张卡全部显存的布局；表格会标明哪些仍在余量内。</translation>
    </message>
    <message>
        <source>Any</source>
        <translation>任意</translation>
    </message>
    <message>
        <source>How many of the best layouts the table lists</source>
        <translation>表格列出的最佳布局数量</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <source>Searching… %1 of %2 layouts looked at, %3 fit</source>
        <translation>正在搜索… 已查看 %2 种布局中的 %1 种，%3 种放得下</translation>
    </message>
    <message>
        <source>Cancelled after %1 of %2 layouts: the best of those searched, %3 fit.</source>
        <translation>在查看 %2 种布局中的 %1 种后取消：列出已搜索部分中的最佳布局，%3 种放得下。</translation>
    </message>
    <message>
        <source>%1 layouts in %2: %3 pruned, %4 fit.</source>
        <translation>用时 %2 搜索了 %1 种布局：剪枝 %3 种，%4 种放得下。</translation>
    </message>
    <message>
        <source>Apply layout #%1 (dp %2 · tp %3 · pp %4 · cp %5)</source>
        <translation>应用布局 #%1（dp %2 · tp %3 · pp %4 · cp %5）</translation>
    </message>
    <message>
        <source>Search to see where this plan ranks among the best layouts.</source>
        <translation>搜索以查看本方案在最佳布局中的排名。</translation>
    </message>
    <message>
        <source>This plan ranks #1: no layout found does better.</source>
        <translation>本方案排名第 1：找到的布局中没有更好的。</translation>
    </message>
    <message>
        <source>This plan ranks #%1 of the %2 layouts listed.</source>
        <translation>本方案在列出的 %2 种布局中排名第 %1。</translation>
    </message>
    <message>
        <source>This plan ranks below the %1 layouts listed (%2 layouts fit).</source>
        <translation>本方案排在列出的 %1 种布局之后（共有 %2 种布局放得下）。</translation>
    </message>
    <message>
        <source>This plan is not among them: it does not fit (peak %1, usable %2).</source>
        <translation>本方案不在其中：它放不下（峰值 %1，可用 %2）。</translation>
    </message>
    <message>
        <source>This plan is not among them: it is invalid (%1).</source>
        <translation>本方案不在其中：它无效（%1）。</translation>
    </message>
    <message>
        <source>This plan is not among them: it has no step time.</source>
        <translation>本方案不在其中：它没有单步时间。</translation>
    </message>
    <message>
        <source>The plan has changed beyond its layout since the search (model, cluster, batch or options): search again to compare.</source>
        <translation>自搜索以来，方案除布局外还有其他改动（模型、集群、批次或选项）：请重新搜索以进行比较。</translation>
    </message>
    <message>
        <source>No layout fits, so there is nothing to compare with.</source>
        <translation>没有放得下的布局，因此无从比较。</translation>
    </message>
    <message>
        <source>%1 %2 → %3</source>
        <translation>%1 %2 → %3</translation>
    </message>
    <message>
        <source>The best layout differs: %1.</source>
        <translation>最佳布局的不同之处：%1。</translation>
    </message>
    <message>
        <source>Best Layouts</source>
        <translation>最佳布局</translation>
    </message>
    <message>
        <source>E&amp;xport CSV…</source>
        <translation>导出 CSV(&amp;X)…</translation>
    </message>
    <message>
        <source>Write the rows shown, best first, as CSV: every layout field and figure</source>
        <translation>把所显示的行（最佳在前）写成 CSV：每个布局字段和每项指标</translation>
    </message>
    <message>
        <source>Export JSO&amp;N…</source>
        <translation>导出 JSON(&amp;N)…</translation>
    </message>
    <message>
        <source>Write the rows shown as the search JSON, each with its complete plan</source>
        <translation>把所显示的行写成搜索 JSON，每行带完整方案</translation>
    </message>
    <message>
        <source>Cancelling: ranking the layouts searched so far…</source>
        <translation>正在取消：对已搜索的布局排名…</translation>
    </message>
    <message>
        <source>Cancelled after %1 of %2 layouts: none of those searched fits.</source>
        <translation>在 %2 个布局中搜索了 %1 个后取消：已搜索的布局都放不下。</translation>
    </message>
    <message>
        <source>Export Layouts as CSV</source>
        <translation>将布局导出为 CSV</translation>
    </message>
    <message>
        <source>Export Layouts as JSON</source>
        <translation>将布局导出为 JSON</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV 文件 (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON 文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Export Layouts</source>
        <translation>导出布局</translation>
    </message>
    <message>
        <source>Where this plan ranks shows once the search has found layouts.</source>
        <translation>搜索找到布局后即显示此方案的排名。</translation>
    </message>
    <message>
        <source>This plan is not among them: the search leaves out layouts the rules warn about (%1).</source>
        <translation>此方案不在其中：搜索会略去规则发出警告的布局（%1）。</translation>
    </message>
    <message>
        <source>So far: %1</source>
        <translation>目前：%1</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::StepTimeView</name>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>TP comm (exposed)</source>
        <translation>TP 通信（未重叠）</translation>
    </message>
    <message>
        <source>CP comm (exposed)</source>
        <translation>CP 通信（未重叠）</translation>
    </message>
    <message>
        <source>EP comm (exposed)</source>
        <translation>EP 通信（未重叠）</translation>
    </message>
    <message>
        <source>PP sends</source>
        <translation>PP 发送</translation>
    </message>
    <message>
        <source>DP / ZeRO comm (exposed)</source>
        <translation>DP / ZeRO 通信（未重叠）</translation>
    </message>
    <message>
        <source>Offload traffic</source>
        <translation>卸载传输</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>Optimizer step</source>
        <translation>优化器步骤</translation>
    </message>
    <message>
        <source>Data loading</source>
        <translation>数据加载</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>词元/秒</translation>
    </message>
    <message>
        <source>Tokens/s per GPU</source>
        <translation>每块 GPU 词元/秒</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Seconds per step</source>
        <translation>每步秒数</translation>
    </message>
    <message>
        <source>Breakdown</source>
        <translation>分解</translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation>扩展性</translation>
    </message>
    <message>
        <source>Checkpoints</source>
        <translation>检查点</translation>
    </message>
    <message>
        <source>No step time yet.</source>
        <translation>尚无单步时间。</translation>
    </message>
    <message>
        <source>No step time</source>
        <translation>没有单步时间</translation>
    </message>
    <message>
        <source>No step time: the pipeline cannot be costed.</source>
        <translation>没有单步时间：无法估算流水线的耗时。</translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation>每秒词元数</translation>
    </message>
    <message>
        <source>Tokens per second per GPU</source>
        <translation>每块 GPU 每秒词元数</translation>
    </message>
    <message>
        <source>Model FLOPs utilisation</source>
        <translation>模型 FLOPs 利用率</translation>
    </message>
    <message>
        <source>step</source>
        <translation>单步</translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <source>Stage %1 has the most work and sets the step. Hover a bar for its parts.</source>
        <translation>第 %1 阶段工作量最大，决定了单步时间。悬停在柱上可查看各部分。</translation>
    </message>
    <message>
        <source>Stage %1 has the most work: the others wait for it in their bubble. Stage %2 ends last and sets the step. Hover a bar for its parts.</source>
        <translation>第 %1 阶段工作量最大：其他阶段在气泡中等待它。第 %2 阶段最后结束，决定了单步时间。悬停在柱上可查看各部分。</translation>
    </message>
    <message>
        <source>Every pipeline stage spends its step alike. Hover the bar for its parts.</source>
        <translation>每个流水线阶段的单步耗时相同。悬停在柱上可查看各部分。</translation>
    </message>
    <message>
        <source>%1 · %2: %3 (%4 of the step)</source>
        <translation>%1 · %2：%3（占单步的 %4）</translation>
    </message>
    <message>
        <source>Pipeline stage</source>
        <translation>流水线阶段</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>Measured step</source>
        <translation>实测单步</translation>
    </message>
    <message>
        <source>%1 (predicted %2)</source>
        <translation>%1（预测 %2）</translation>
    </message>
    <message>
        <source>measured %1</source>
        <translation>实测 %1</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::SummaryStrip</name>
    <message>
        <source>Fits? peak / usable / capacity</source>
        <translation>放得下吗？峰值 / 可用 / 容量</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>全局批次</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>World size</source>
        <translation>总规模</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>词元/秒</translation>
    </message>
    <message>
        <source>Measured vs predicted</source>
        <translation>实测 对比 预测</translation>
    </message>
    <message>
        <source>1 error: fix it first</source>
        <translation>1 个错误：请先修正</translation>
    </message>
    <message>
        <source>%1 errors: fix them first</source>
        <translation>%1 个错误：请先修正</translation>
    </message>
    <message>
        <source>

The figures below are incomplete until the errors are fixed; the Diagnostics list has them all.</source>
        <translation>

修正错误之前，下面的数值并不完整；“诊断”列表列出了所有错误。</translation>
    </message>
    <message>
        <source>%1 · %2 / %3 / %4</source>
        <translation>%1 · %2 / %3 / %4</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>Peak of the fullest pipeline stage / usable after the safety margin / the GPU&apos;s capacity.</source>
        <translation>最满流水线阶段的峰值 / 扣除安全余量后的可用显存 / GPU 的容量。</translation>
    </message>
    <message>
        <source>Memory cannot be computed until the plan&apos;s errors are fixed.</source>
        <translation>修正方案中的错误之前无法计算显存。</translation>
    </message>
    <message>
        <source>%1 tokens per step</source>
        <translation>每步 %1 个词元</translation>
    </message>
    <message>
        <source>Idle share of the pipeline&apos;s step.</source>
        <translation>流水线单步中空闲的比例。</translation>
    </message>
    <message>
        <source>Idle share of the pipeline&apos;s step</source>
        <translation>流水线单步中空闲的比例</translation>
    </message>
    <message>
        <source>The schedule cannot be simulated until the plan&apos;s errors are fixed.</source>
        <translation>修正方案中的错误之前无法模拟调度。</translation>
    </message>
    <message>
        <source>%1 GPUs on 1 node</source>
        <translation>1 个节点上的 %1 块 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs on %2 nodes</source>
        <translation>%2 个节点上的 %1 块 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 块 GPU</translation>
    </message>
    <message>
        <source>Ranks in the job: DP × TP × PP × CP.</source>
        <translation>作业中的 rank 数：DP × TP × PP × CP。</translation>
    </message>
    <message>
        <source>Model FLOPs utilisation</source>
        <translation>模型 FLOPs 利用率</translation>
    </message>
    <message>
        <source>%1 (%2 per GPU)</source>
        <translation>%1（每块 GPU %2）</translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation>每秒词元数</translation>
    </message>
    <message>
        <source>Tokens per second per GPU</source>
        <translation>每块 GPU 每秒词元数</translation>
    </message>
    <message>
        <source>The step cannot be costed until the plan&apos;s errors are fixed.</source>
        <translation>修正方案中的错误之前无法估算单步耗时。</translation>
    </message>
    <message>
        <source>peak stage %1 %2%3</source>
        <translation>峰值阶段 %1 %2%3</translation>
    </message>
    <message>
        <source>step %1%2</source>
        <translation>单步 %1%2</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Calibration profile</source>
        <translation>校准档案</translation>
    </message>
    <message>
        <source>peak %1%2</source>
        <translation>峰值 %1%2</translation>
    </message>
    <message>
        <source>pasted in the plan</source>
        <translation>粘贴在方案中</translation>
    </message>
    <message>
        <source>%1 · held out %2</source>
        <translation>%1 · 留出误差 %2</translation>
    </message>
    <message>
        <source>%1 not read</source>
        <translation>未读取 %1</translation>
    </message>
    <message>
        <source>The plan names this profile, but it could not be read: the figures use the built-in efficiencies.</source>
        <translation>方案指定了此校准档案，但无法读取：数值使用内置效率。</translation>
    </message>
    <message>
        <source>1 GPU on 1 node</source>
        <translation>1 个节点上的 1 块 GPU</translation>
    </message>
    <message>
        <source>1 GPU</source>
        <translation>1 块 GPU</translation>
    </message>
    <message>
        <source>The figures use the efficiencies fitted on one measured run of %1, on %2; the plan&apos;s own values come first.</source>
        <translation>这些数值使用于 %2 基于 %1 上 1 个实测运行拟合的效率；方案自身的值优先。</translation>
    </message>
    <message numerus="yes">
        <source>The figures use the efficiencies fitted on %n measured runs of %1, on %2; the plan&apos;s own values come first.</source>
        <translation>
            <numerusform>这些数值使用于 %2 基于 %1 上 %n 个实测运行拟合的效率；方案自身的值优先。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fourfold::ui::TrainingControls</name>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Prec&amp;ision</source>
        <translation>精度(&amp;I)</translation>
    </message>
    <message>
        <source>The dtype of weights and activations in forward and backward.</source>
        <translation>前向和反向计算中权重和激活的数据类型。</translation>
    </message>
    <message>
        <source>Set precision to %1</source>
        <translation>将精度设为 %1</translation>
    </message>
    <message>
        <source>FP32 master weights</source>
        <translation>FP32 主权重</translation>
    </message>
    <message>
        <source>Keep a 4-byte copy of every weight for the optimizer update.</source>
        <translation>为优化器更新保留每个权重的 4 字节副本。</translation>
    </message>
    <message>
        <source>Keep master weights</source>
        <translation>保留主权重</translation>
    </message>
    <message>
        <source>Drop master weights</source>
        <translation>不保留主权重</translation>
    </message>
    <message>
        <source>Gradient dtype</source>
        <translation>梯度数据类型</translation>
    </message>
    <message>
        <source>The dtype gradients are kept and reduced in.</source>
        <translation>梯度存储和归约所用的数据类型。</translation>
    </message>
    <message>
        <source>Set gradient dtype to %1</source>
        <translation>将梯度数据类型设为 %1</translation>
    </message>
    <message>
        <source>&amp;Optimizer</source>
        <translation>优化器(&amp;O)</translation>
    </message>
    <message>
        <source>The optimizer decides how many state bytes each parameter keeps.</source>
        <translation>优化器决定每个参数保存多少字节的状态。</translation>
    </message>
    <message>
        <source>Set optimizer to %1</source>
        <translation>将优化器设为 %1</translation>
    </message>
    <message>
        <source>&amp;Micro-batch</source>
        <translation>微批次(&amp;M)</translation>
    </message>
    <message>
        <source>Samples one GPU processes in one forward and backward pass.</source>
        <translation>一块 GPU 在一次前向和反向计算中处理的样本数。</translation>
    </message>
    <message>
        <source>Set micro-batch to %1</source>
        <translation>将微批次设为 %1</translation>
    </message>
    <message>
        <source>Gradient &amp;accumulation</source>
        <translation>梯度累积(&amp;A)</translation>
    </message>
    <message>
        <source>Micro-batches each replica runs before one optimizer step.</source>
        <translation>每个副本在一次优化器步骤之前运行的微批次数。</translation>
    </message>
    <message>
        <source>Set gradient accumulation to %1</source>
        <translation>将梯度累积设为 %1</translation>
    </message>
    <message>
        <source>Global batch = micro-batch × accumulation steps × data-parallel replicas; TP, PP and CP never multiply it.</source>
        <translation>全局批次 = 微批次 × 梯度累积步数 × 数据并行副本数；TP、PP 和 CP 从不放大它。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Target global batch</source>
        <translation>目标全局批次</translation>
    </message>
    <message>
        <source>Target global &amp;batch</source>
        <translation>目标全局批次(&amp;B)</translation>
    </message>
    <message>
        <source>A global batch you aim for; a warning shows when b × a × dp differs.</source>
        <translation>你期望的全局批次；当 b × a × dp 与之不同时显示警告。</translation>
    </message>
    <message>
        <source>Clear the global batch target</source>
        <translation>清除目标全局批次</translation>
    </message>
    <message>
        <source>Set global batch target to %1</source>
        <translation>将目标全局批次设为 %1</translation>
    </message>
    <message>
        <source>Se&amp;quence length</source>
        <translation>序列长度(&amp;Q)</translation>
    </message>
    <message>
        <source>Tokens per sample; activations grow with it.</source>
        <translation>每个样本的词元数；激活随之增长。</translation>
    </message>
    <message>
        <source>Set sequence length to %1</source>
        <translation>将序列长度设为 %1</translation>
    </message>
    <message>
        <source>&amp;Recompute</source>
        <translation>重计算(&amp;R)</translation>
    </message>
    <message>
        <source>Recompute activations in backward instead of storing them.</source>
        <translation>在反向计算时重新计算激活，而不是保存它们。</translation>
    </message>
    <message>
        <source>Set recompute to %1</source>
        <translation>将重计算设为 %1</translation>
    </message>
    <message>
        <source>Flash attention</source>
        <translation>Flash Attention</translation>
    </message>
    <message>
        <source>Fused attention that never stores the score matrix.</source>
        <translation>从不保存分数矩阵的融合注意力。</translation>
    </message>
    <message>
        <source>Use flash attention</source>
        <translation>使用 Flash Attention</translation>
    </message>
    <message>
        <source>Stop using flash attention</source>
        <translation>停用 Flash Attention</translation>
    </message>
    <message>
        <source>Fine-tuning</source>
        <translation>微调方式</translation>
    </message>
    <message>
        <source>Train every weight, or low-rank adapters beside a frozen 16-bit (LoRA) or 4-bit NF4 (QLoRA) base.</source>
        <translation>训练全部权重，或在冻结的 16 位（LoRA）或 4 位 NF4（QLoRA）基座旁训练低秩适配器。</translation>
    </message>
    <message>
        <source>Set fine-tuning to %1</source>
        <translation>将微调方式设为 %1</translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation>LoRA 秩</translation>
    </message>
    <message>
        <source>Rank r of each adapter: r × (inputs + outputs) parameters per adapted layer.</source>
        <translation>每个适配器的秩 r：每个被适配的层有 r × (输入 + 输出) 个参数。</translation>
    </message>
    <message>
        <source>Set LoRA rank to %1</source>
        <translation>将 LoRA 秩设为 %1</translation>
    </message>
    <message>
        <source>Base precision</source>
        <translation>基座精度</translation>
    </message>
    <message>
        <source>The dtype the frozen base is held in (QLoRA computes in it from NF4).</source>
        <translation>冻结基座的保存类型（QLoRA 从 NF4 反量化后以此类型计算）。</translation>
    </message>
    <message>
        <source>Set base precision to %1</source>
        <translation>将基座精度设为 %1</translation>
    </message>
    <message>
        <source>Paged optimizer</source>
        <translation>分页优化器</translation>
    </message>
    <message>
        <source>Optimizer states in unified memory, moved to the host while the activations are held.</source>
        <translation>优化器状态放在统一内存中，持有激活期间移到主机内存。</translation>
    </message>
    <message>
        <source>Use a paged optimizer</source>
        <translation>使用分页优化器</translation>
    </message>
    <message>
        <source>Stop paging the optimizer</source>
        <translation>停用分页优化器</translation>
    </message>
    <message>
        <source>Activation offload</source>
        <translation>激活卸载</translation>
    </message>
    <message>
        <source>Move saved activations to host memory between forward and backward.</source>
        <translation>在前向与反向之间把保存的激活移到主机内存。</translation>
    </message>
    <message>
        <source>Offload activations</source>
        <translation>卸载激活</translation>
    </message>
    <message>
        <source>Keep activations on the GPU</source>
        <translation>把激活留在 GPU 上</translation>
    </message>
    <message>
        <source>Loss chunks</source>
        <translation>损失分块数</translation>
    </message>
    <message>
        <source>Compute the cross-entropy over the tokens in this many chunks, so only one chunk&apos;s logits live at once; 1: all at once.</source>
        <translation>把 token 分成这么多块来计算交叉熵，同一时间只存在一块的 logits；1 表示一次算完。</translation>
    </message>
    <message>
        <source>Set loss chunks to %1</source>
        <translation>将损失分块数设为 %1</translation>
    </message>
    <message>
        <source>%1
%2 tokens per step</source>
        <translation>%1
每步 %2 个 token</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::ViewPane</name>
    <message>
        <source>Double-click to maximise or restore</source>
        <translation>双击最大化或还原</translation>
    </message>
    <message>
        <source>Restore all views</source>
        <translation>还原所有视图</translation>
    </message>
    <message>
        <source>Maximise this view</source>
        <translation>最大化此视图</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::WalkthroughController</name>
    <message>
        <source>Walkthrough</source>
        <translation>导览</translation>
    </message>
    <message>
        <source>&amp;Presentation Mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Open Lesson File…</source>
        <translation>打开课程文件(&amp;O)…</translation>
    </message>
    <message>
        <source>Built-in lesson</source>
        <translation>内置课程</translation>
    </message>
    <message>
        <source>Larger type and the walkthrough wide beside the views, for teaching (Ctrl+Shift+P)</source>
        <translation>字号更大，导览在视图旁以宽栏显示，适合教学（Ctrl+Shift+P）</translation>
    </message>
    <message>
        <source>&amp;Walkthrough</source>
        <translation>导览(&amp;W)</translation>
    </message>
    <message>
        <source>Open Lesson</source>
        <translation>打开课程</translation>
    </message>
    <message>
        <source>The lesson could not be read:
%1</source>
        <translation>无法读取该课程：
%1</translation>
    </message>
    <message>
        <source>Lessons (*.json);;All files (*)</source>
        <translation>课程 (*.json);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::WalkthroughPanel</name>
    <message>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>上一步</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>重新开始</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Your answer</source>
        <translation>你的答案</translation>
    </message>
    <message>
        <source>Choose an answer</source>
        <translation>选择一个答案</translation>
    </message>
    <message>
        <source>The previous step (Alt+Left, Page Up)</source>
        <translation>上一个步骤（Alt+Left、Page Up）</translation>
    </message>
    <message>
        <source>The next step (Alt+Right, Page Down)</source>
        <translation>下一个步骤（Alt+Right、Page Down）</translation>
    </message>
    <message>
        <source>Back to the first step</source>
        <translation>回到第一个步骤</translation>
    </message>
    <message>
        <source>End the walkthrough and put your own plan back (Esc)</source>
        <translation>结束导览并恢复你自己的方案（Esc）</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>步骤 %1 / %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Right.&lt;/b&gt;</source>
        <translation>&lt;b&gt;正确。&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Not quite:&lt;/b&gt; try again.</source>
        <translation>&lt;b&gt;不太对：&lt;/b&gt;再试一次。</translation>
    </message>
    <message>
        <source>Choose an answer first.</source>
        <translation>请先选择一个答案。</translation>
    </message>
    <message>
        <source>Type a number, such as 256 or 27.3.</source>
        <translation>请输入一个数，例如 256 或 27.3。</translation>
    </message>
</context>
<context>
    <name>fourfold::ui::WalkthroughSession</name>
    <message>
        <source>Walkthrough step %1: %2</source>
        <translation>导览步骤 %1：%2</translation>
    </message>
</context>
</TS>
