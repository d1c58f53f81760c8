<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>AuditPage</name>
    <message>
        <location filename="../../tournament_desk/gui/pages/audit.py" line="38"/>
        <source>All entrants</source>
        <translation>全部参赛队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/audit.py" line="67"/>
        <source>&amp;Round:</source>
        <translation>轮次(&amp;R)：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/audit.py" line="68"/>
        <source>&amp;Table:</source>
        <translation>桌号(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/audit.py" line="69"/>
        <source>&amp;Entrant:</source>
        <translation>参赛队(&amp;E)：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/audit.py" line="85"/>
        <source>Audit</source>
        <translation>操作记录</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/audit.py" line="97"/>
        <source>All rounds</source>
        <translation>全部轮次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/audit.py" line="98"/>
        <source>All tables</source>
        <translation>全部桌号</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/audit.py" line="147"/>
        <source>{shown} of {total} changes</source>
        <translation>显示 {shown} 条，共 {total} 条</translation>
    </message>
</context>
<context>
    <name>AuditTableModel</name>
    <message>
        <location filename="../../tournament_desk/gui/models/audit_model.py" line="81"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/audit_model.py" line="82"/>
        <source>Station</source>
        <translation>工作站</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/audit_model.py" line="83"/>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/audit_model.py" line="84"/>
        <source>Round</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/audit_model.py" line="85"/>
        <source>Table</source>
        <translation>桌号</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/audit_model.py" line="86"/>
        <source>Entrant</source>
        <translation>参赛队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/audit_model.py" line="87"/>
        <source>Change</source>
        <translation>变更</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/audit_model.py" line="88"/>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/audit_model.py" line="113"/>
        <source>A non-standard action: outside the ordinary course of the event.</source>
        <translation>非常规操作：不属于比赛的正常流程。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/audit_model.py" line="116"/>
        <source>Stored values ({action}):</source>
        <translation>存储的数值（{action}）：</translation>
    </message>
</context>
<context>
    <name>AwardEditor</name>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="57"/>
        <source> MP</source>
        <translation> 场分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="62"/>
        <source> VP</source>
        <translation> 标准分</translation>
    </message>
</context>
<context>
    <name>BackupsDialog</name>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/backups_dialog.py" line="29"/>
        <source>Automatic backups</source>
        <translation>自动备份</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/backups_dialog.py" line="33"/>
        <source>A backup is taken before every pairing, import, withdrawal and restore; the newest 30 are kept. Restoring one keeps the current state as a backup first.</source>
        <translation>每次编排、导入、退赛和恢复之前都会自动备份，保留最新的 30 份。恢复备份前会先把当前状态另存为备份。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/backups_dialog.py" line="41"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/backups_dialog.py" line="41"/>
        <source>Taken before</source>
        <translation>备份时机</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/backups_dialog.py" line="41"/>
        <source>Round</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/backups_dialog.py" line="41"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/backups_dialog.py" line="41"/>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/backups_dialog.py" line="50"/>
        <source>&amp;Restore this backup…</source>
        <translation>恢复此备份(&amp;R)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/backups_dialog.py" line="70"/>
        <source>ok</source>
        <translation>完好</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/backups_dialog.py" line="70"/>
        <source>damaged</source>
        <translation>已损坏</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/backups_dialog.py" line="88"/>
        <source>Restore a backup</source>
        <translation>恢复备份</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/backups_dialog.py" line="90"/>
        <source>Put the tournament back as it was at {time} ({label})? Everything entered since is replaced; the current state is kept as a backup first.</source>
        <translation>把比赛恢复到 {time}（{label}）时的状态？此后录入的内容都会被替换；当前状态会先另存为备份。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/backups_dialog.py" line="100"/>
        <source>restored from the window</source>
        <translation>在窗口中恢复</translation>
    </message>
</context>
<context>
    <name>BandEditor</name>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/band_editor.py" line="35"/>
        <source>From (points)</source>
        <translation>起（分）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/band_editor.py" line="36"/>
        <source>To (empty: and more)</source>
        <translation>止（空：及以上）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/band_editor.py" line="37"/>
        <source>Level change</source>
        <translation>升降级数</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/band_editor.py" line="38"/>
        <source>Step</source>
        <translation>递增步长</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/band_editor.py" line="43"/>
        <source>+k: the declarer goes up k; 0: the defenders take the stage; −k: they take it and go up k</source>
        <translation>+k：庄家升 k 级；0：防家上台；−k：防家上台并升 k 级</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/band_editor.py" line="45"/>
        <source>Last band only: one more level to the defenders for every further N points</source>
        <translation>仅限最后一档：每多 N 分防家再升一级</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/band_editor.py" line="54"/>
        <source>&amp;Add a band</source>
        <translation>添加一档(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/band_editor.py" line="56"/>
        <source>Remove the &amp;band</source>
        <translation>删除此档(&amp;B)</translation>
    </message>
</context>
<context>
    <name>BoardGridModel</name>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="64"/>
        <source>NS</source>
        <translation>南北</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="64"/>
        <source>EW</source>
        <translation>东西</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="190"/>
        <source>Board</source>
        <translation>副</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="190"/>
        <source>Level</source>
        <translation>级数</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="190"/>
        <source>Declarer</source>
        <translation>庄家</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="190"/>
        <source>Trump</source>
        <translation>主牌</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="190"/>
        <source>Open room</source>
        <translation>开室</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="190"/>
        <source>Closed room</source>
        <translation>闭室</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="191"/>
        <source>Open NS</source>
        <translation>开室南北</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="191"/>
        <source>Closed NS</source>
        <translation>闭室南北</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="191"/>
        <location filename="../../tournament_desk/gui/models/boards.py" line="310"/>
        <source>XMP</source>
        <translation>级分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="195"/>
        <source>The defenders&apos; points in the open room (home team North-South)</source>
        <translation>开室的防家得分（主队坐南北）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="196"/>
        <source>The defenders&apos; points in the closed room (home team East-West)</source>
        <translation>闭室的防家得分（主队坐东西）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="197"/>
        <source>North-South&apos;s levels in the open room, by the level table</source>
        <translation>开室南北方按升级表所得级数</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="198"/>
        <source>North-South&apos;s levels in the closed room, by the level table</source>
        <translation>闭室南北方按升级表所得级数</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="199"/>
        <source>The home team&apos;s levels on this board</source>
        <translation>主队在这副牌上的级分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="229"/>
        <source>Penalty points: {text}</source>
        <translation>罚分：{text}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="240"/>
        <source>N</source>
        <translation>北</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="240"/>
        <source>E</source>
        <translation>东</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="240"/>
        <source>S</source>
        <translation>南</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="240"/>
        <source>W</source>
        <translation>西</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="242"/>
        <source>no trump</source>
        <translation>无主</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="310"/>
        <source>Table</source>
        <translation>桌号</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="310"/>
        <source>Home</source>
        <translation>主队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="310"/>
        <source>Away</source>
        <translation>客队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="310"/>
        <source>VP / MP</source>
        <translation>标准分 / 场分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="310"/>
        <source>From</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="311"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/boards.py" line="347"/>
        <source>{count} missing</source>
        <translation>缺 {count} 个</translation>
    </message>
</context>
<context>
    <name>BoardSetDialog</name>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/boards_dialog.py" line="39"/>
        <source>Boards</source>
        <translation>牌套</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/boards_dialog.py" line="42"/>
        <source>Level</source>
        <translation>级数</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/boards_dialog.py" line="42"/>
        <source>Declarer</source>
        <translation>庄家</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/boards_dialog.py" line="42"/>
        <source>Trump</source>
        <translation>主牌</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/boards_dialog.py" line="45"/>
        <source>&amp;Add a board</source>
        <translation>增加一副(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/boards_dialog.py" line="47"/>
        <source>&amp;Remove the last board</source>
        <translation>删除最后一副(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/boards_dialog.py" line="49"/>
        <source>For every round not yet played, and the rounds to come</source>
        <translation>用于所有未赛轮次及以后各轮</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/boards_dialog.py" line="54"/>
        <source>Optional: why (kept in the audit trail)</source>
        <translation>选填：修改原因（记入操作记录）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/boards_dialog.py" line="62"/>
        <source>The boards of round {n}: level, declarer seat and trump, the same in both rooms.</source>
        <translation>第 {n} 轮的牌套：级数、庄家方位和主牌，开闭两室相同。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/boards_dialog.py" line="65"/>
        <source>The boards of every round to come: level, declarer seat and trump.</source>
        <translation>以后各轮的牌套：级数、庄家方位和主牌。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/boards_dialog.py" line="73"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/boards_dialog.py" line="83"/>
        <source>North</source>
        <translation>北</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/boards_dialog.py" line="83"/>
        <source>East</source>
        <translation>东</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/boards_dialog.py" line="83"/>
        <source>South</source>
        <translation>南</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/boards_dialog.py" line="84"/>
        <source>West</source>
        <translation>西</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/boards_dialog.py" line="88"/>
        <source>no trump</source>
        <translation>无主</translation>
    </message>
</context>
<context>
    <name>CardsBox</name>
    <message>
        <location filename="../../tournament_desk/gui/live_cards_box.py" line="29"/>
        <source>Entry cards and phones</source>
        <translation>录分卡与手机</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_cards_box.py" line="37"/>
        <source>&amp;Entrant:</source>
        <translation>参赛队(&amp;E)：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_cards_box.py" line="43"/>
        <source>&amp;Print entry cards…</source>
        <translation>打印录分卡(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_cards_box.py" line="45"/>
        <source>Re&amp;issue this card…</source>
        <translation>补发此卡(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_cards_box.py" line="47"/>
        <source>Release its p&amp;hone</source>
        <translation>解除手机绑定(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_cards_box.py" line="54"/>
        <source>every table</source>
        <translation>所有桌</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_cards_box.py" line="55"/>
        <source>&amp;Close phone entry</source>
        <translation>关闭手机录分(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_cards_box.py" line="57"/>
        <source>&amp;Open phone entry</source>
        <translation>开放手机录分(&amp;O)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_cards_box.py" line="60"/>
        <source>This round, &amp;table:</source>
        <translation>本轮，桌号(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_cards_box.py" line="95"/>
        <source>held by phone %1</source>
        <translation>已绑定手机 %1</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_cards_box.py" line="97"/>
        <source>no phone holds it</source>
        <translation>未绑定手机</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_cards_box.py" line="105"/>
        <source>Entry cards</source>
        <translation>录分卡</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_cards_box.py" line="107"/>
        <source>The server is not running: the cards will carry their codes but no QR code. Start the server first for cards that phones can scan.</source>
        <translation>服务器未运行：录分卡上只有代码，没有二维码。要打印可扫码的录分卡，请先启动服务器。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_cards_box.py" line="114"/>
        <source>Save the entry cards</source>
        <translation>保存录分卡</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_cards_box.py" line="128"/>
        <location filename="../../tournament_desk/gui/live_cards_box.py" line="142"/>
        <source>Reissue an entry card</source>
        <translation>补发录分卡</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_cards_box.py" line="130"/>
        <source>A new code for %1&apos;s card: the old card and the phone holding it stop working at once. Why?</source>
        <translation>为%1的录分卡换发新代码：旧卡及绑定的手机将立即失效。原因？</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_cards_box.py" line="132"/>
        <source>card lost</source>
        <translation>录分卡遗失</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_cards_box.py" line="143"/>
        <source>The new code of %1 is %2. Print the new card now?</source>
        <translation>%1的新代码是 %2。现在打印新卡吗？</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_cards_box.py" line="157"/>
        <source>Phone entry</source>
        <translation>手机录分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_cards_box.py" line="157"/>
        <source>Publish a round first.</source>
        <translation>请先公布一轮对阵。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_cards_box.py" line="162"/>
        <source>closed</source>
        <translation>已关闭</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_cards_box.py" line="162"/>
        <source>open</source>
        <translation>已开放</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_cards_box.py" line="164"/>
        <source>Phone entry %1 for round %2, tables %3.</source>
        <translation>第 %2 轮第 %3 桌的手机录分%1。</translation>
    </message>
</context>
<context>
    <name>CertificatesDialog</name>
    <message>
        <location filename="../../tournament_desk/gui/printing_options.py" line="46"/>
        <source>Certificates</source>
        <translation>荣誉证书</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/printing_options.py" line="50"/>
        <source>Shared places all get theirs: two teams sharing 8th both get one.</source>
        <translation>并列名次都发：两队并列第 8 名，两队都有荣誉证书。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/printing_options.py" line="53"/>
        <source>Optional: printed at the foot of every certificate</source>
        <translation>可不填：印在每张荣誉证书的下方</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/printing_options.py" line="58"/>
        <source>Certificates for places 1 to:</source>
        <translation>荣誉证书发给第 1 名至第：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/printing_options.py" line="59"/>
        <source>Organiser (主办单位):</source>
        <translation>主办单位：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/printing_options.py" line="60"/>
        <source>The event has {count} entrants.</source>
        <translation>本赛事共有 {count} 个参赛队。</translation>
    </message>
</context>
<context>
    <name>CrashDialog</name>
    <message>
        <location filename="../../tournament_desk/gui/crash.py" line="40"/>
        <source>Unexpected error</source>
        <translation>意外错误</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/crash.py" line="46"/>
        <source>Something went wrong that Tournament Desk did not expect. Every change it confirmed is saved; the action under way when this happened may not have been: look at it again. Please copy the details below for the developers.</source>
        <translation>赛事编排台遇到了意外错误。已确认的每项更改都已保存；出错时正在进行的操作可能没有保存：请再检查一遍。请复制下面的详细信息，发给开发人员。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/crash.py" line="57"/>
        <source>Copy details</source>
        <translation>复制详细信息</translation>
    </message>
</context>
<context>
    <name>DeskSession</name>
    <message>
        <location filename="../../tournament_desk/gui/crash.py" line="30"/>
        <location filename="../../tournament_desk/gui/session.py" line="53"/>
        <location filename="../../tournament_desk/gui/session.py" line="59"/>
        <source>Tournament Desk</source>
        <translation>赛事编排台</translation>
    </message>
</context>
<context>
    <name>DrawDialog</name>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/draw_dialog.py" line="45"/>
        <source>Round-1 draw</source>
        <translation>第 1 轮抽签</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/draw_dialog.py" line="46"/>
        <source>&amp;Random draw</source>
        <translation>随机抽签(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/draw_dialog.py" line="47"/>
        <source>&amp;Manual order</source>
        <translation>手动排序(&amp;M)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/draw_dialog.py" line="53"/>
        <source>The same seed gives the same draw; it is kept in the audit trail.</source>
        <translation>相同的随机种子得到相同的抽签结果；种子会记入操作记录。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/draw_dialog.py" line="55"/>
        <source>New &amp;seed</source>
        <translation>换种子(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/draw_dialog.py" line="61"/>
        <source>Move &amp;up</source>
        <translation>上移(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/draw_dialog.py" line="62"/>
        <source>Move &amp;down</source>
        <translation>下移(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/draw_dialog.py" line="66"/>
        <source>Draw number 1 plays 2 on table 1, 3 plays 4 on table 2, and so on.</source>
        <translation>抽签号 1 对 2 在第 1 桌，3 对 4 在第 2 桌，依此类推。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/draw_dialog.py" line="73"/>
        <source>Seed:</source>
        <translation>随机种子：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/draw_dialog.py" line="84"/>
        <source>Draw</source>
        <translation>抽签</translation>
    </message>
</context>
<context>
    <name>DuplicateResultsPage</name>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/duplicate.py" line="64"/>
        <source>Round</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/duplicate.py" line="65"/>
        <source>Edit the boards…</source>
        <translation>修改牌套…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/duplicate.py" line="71"/>
        <source>Type the defenders&apos; points of each board, open room then closed room; Enter moves on.</source>
        <translation>逐副录入防家得分，先开室后闭室；按回车进入下一格。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/duplicate.py" line="95"/>
        <source>Boards</source>
        <translation>复式成绩</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/duplicate.py" line="128"/>
        <source>No round has been paired yet.</source>
        <translation>还没有编排任何一轮。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/duplicate.py" line="239"/>
        <source>The boards of a round with results can no longer change.</source>
        <translation>已录入成绩的轮次不能再修改牌套。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/duplicate.py" line="175"/>
        <source>Table {table}: {home} (home, North-South in the open room) – {away}</source>
        <translation>第 {table} 桌：{home}（主队，开室坐南北）– {away}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/duplicate.py" line="64"/>
        <source>Round {n}</source>
        <translation>第 {n} 轮</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/duplicate.py" line="186"/>
        <source>{home}: {xmp} XMP so far</source>
        <translation>{home}：目前级分 {xmp}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/duplicate.py" line="189"/>
        <source>{home}: {xmp} XMP · VP {hvp} : {avp} · MP {hmp} : {amp}</source>
        <translation>{home}：级分 {xmp} · 标准分 {hvp} : {avp} · 场分 {hmp} : {amp}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/duplicate.py" line="219"/>
        <source>No later table of round {n} is waiting for its boards.</source>
        <translation>第 {n} 轮后面没有待录入的桌了。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/duplicate.py" line="265"/>
        <source>Table {table}: {home} {hvp} VP {hmp} MP – {away} {avp} VP {amp} MP</source>
        <translation>第 {table} 桌：{home} 标准分 {hvp} 场分 {hmp} – {away} 标准分 {avp} 场分 {amp}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/duplicate.py" line="269"/>
        <source>Table {table}: {count} board results still missing.</source>
        <translation>第 {table} 桌：还缺 {count} 个复式成绩。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/duplicate.py" line="281"/>
        <source>open room</source>
        <translation>开室</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/duplicate.py" line="282"/>
        <source>closed room</source>
        <translation>闭室</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/duplicate.py" line="284"/>
        <source>North-South</source>
        <translation>南北</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/duplicate.py" line="284"/>
        <source>East-West</source>
        <translation>东西</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/duplicate.py" line="287"/>
        <source>Penalty points to {side} in the {room}…</source>
        <translation>{room}罚分给{side}…</translation>
    </message>
</context>
<context>
    <name>EntrantDialog</name>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/entrant_dialog.py" line="41"/>
        <source>Add an entrant</source>
        <translation>登记参赛队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/entrant_dialog.py" line="41"/>
        <source>Correct an entrant</source>
        <translation>修改参赛队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/entrant_dialog.py" line="43"/>
        <source>Team or pair name, e.g. 复旦一队</source>
        <translation>队名或对名，例如 复旦一队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/entrant_dialog.py" line="45"/>
        <source>Optional: the organisation it represents</source>
        <translation>可不填：所代表的单位</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/entrant_dialog.py" line="47"/>
        <source>Names separated by commas</source>
        <translation>姓名之间用逗号或顿号分隔</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/entrant_dialog.py" line="49"/>
        <source>Optional: why the correction (kept in the audit trail)</source>
        <translation>选填：修改原因（记入操作记录）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/entrant_dialog.py" line="52"/>
        <source>&amp;Name:</source>
        <translation>队名(&amp;N)：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/entrant_dialog.py" line="53"/>
        <source>&amp;Unit:</source>
        <translation>单位(&amp;U)：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/entrant_dialog.py" line="54"/>
        <source>&amp;Players:</source>
        <translation>队员(&amp;P)：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/entrant_dialog.py" line="56"/>
        <source>&amp;Reason:</source>
        <translation>原因(&amp;R)：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/entrant_dialog.py" line="64"/>
        <source>Add and &amp;next</source>
        <translation>添加并继续(&amp;N)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/entrant_dialog.py" line="66"/>
        <source>Add this entrant and type the next one (Ctrl+Enter)</source>
        <translation>添加这个参赛队，接着输入下一个（Ctrl+Enter）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/entrant_dialog.py" line="73"/>
        <source>&amp;Add</source>
        <translation>添加(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/entrant_dialog.py" line="95"/>
        <source>Added {name} ({count} so far). Type the next one, or close.</source>
        <translation>已添加 {name}（本次共 {count} 个）。请输入下一个，或关闭。</translation>
    </message>
</context>
<context>
    <name>EntrantsPage</name>
    <message>
        <location filename="../../tournament_desk/gui/pages/entrants.py" line="60"/>
        <source>Search by name, pinyin or unit</source>
        <translation>按队名、拼音或单位搜索</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entrants.py" line="63"/>
        <source>&amp;Add…</source>
        <translation>登记(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entrants.py" line="64"/>
        <source>&amp;Edit…</source>
        <translation>修改(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entrants.py" line="65"/>
        <location filename="../../tournament_desk/gui/pages/entrants.py" line="161"/>
        <source>&amp;Withdraw…</source>
        <translation>退赛(&amp;W)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entrants.py" line="66"/>
        <source>&amp;Import sheet…</source>
        <translation>导入报名表(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entrants.py" line="67"/>
        <source>Register every entrant of a sign-up sheet (.xlsx or .csv)</source>
        <translation>登记报名表（.xlsx 或 .csv）中的全部参赛队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entrants.py" line="68"/>
        <source>&amp;Draw…</source>
        <translation>抽签(&amp;D)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entrants.py" line="69"/>
        <location filename="../../tournament_desk/gui/pages/entrants.py" line="326"/>
        <source>Remember the players</source>
        <translation>记住这些选手</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entrants.py" line="71"/>
        <source>Keep this event&apos;s players on this computer: the next sheet that names them knows them</source>
        <translation>把本赛事的选手记在这台电脑上：下一张报名表写到他们时就能认出来</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entrants.py" line="119"/>
        <source>Entrants</source>
        <translation>参赛队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entrants.py" line="140"/>
        <source>Entrants: {count}</source>
        <translation>参赛队：{count}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entrants.py" line="141"/>
        <source>, withdrawn: {count}</source>
        <translation>，已退赛：{count}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entrants.py" line="148"/>
        <source>No separate draw was made: round 1 was paired in the order of registration.</source>
        <translation>未单独抽签：第 1 轮按登记顺序编排。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entrants.py" line="150"/>
        <source>No draw yet: draw numbers follow the order of registration.</source>
        <translation>尚未抽签：抽签号按登记顺序排列。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entrants.py" line="152"/>
        <source>Round-1 draw: random, seed {seed} ({at})</source>
        <translation>第 1 轮抽签：随机，种子 {seed}（{at}）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entrants.py" line="153"/>
        <source>Round-1 draw: the director&apos;s order ({at})</source>
        <translation>第 1 轮抽签：裁判长指定顺序（{at}）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entrants.py" line="161"/>
        <source>&amp;Reinstate…</source>
        <translation>恢复参赛(&amp;R)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entrants.py" line="165"/>
        <source>The draw cannot change once round 1 has been paired.</source>
        <translation>第 1 轮编排后不能再改抽签。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entrants.py" line="168"/>
        <source>Register at least two entrants before the draw.</source>
        <translation>抽签前至少要登记两个参赛队。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entrants.py" line="172"/>
        <source>Give every entrant its round-1 draw number: a random draw or your own order</source>
        <translation>为每个参赛队确定第 1 轮抽签号：随机抽签或自定顺序</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entrants.py" line="280"/>
        <source>Reinstate an entrant</source>
        <translation>恢复参赛</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entrants.py" line="281"/>
        <source>Take {name}&apos;s withdrawal back? Tables it decided go back to what was played, or to no result.</source>
        <translation>撤销 {name} 的退赛？因退赛判定的各桌将恢复为实际比赛结果，或恢复为尚无成绩。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entrants.py" line="290"/>
        <source>Import a sign-up sheet</source>
        <translation>导入报名表</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entrants.py" line="290"/>
        <source>Sign-up sheets (*.xlsx *.csv)</source>
        <translation>报名表 (*.xlsx *.csv)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entrants.py" line="327"/>
        <source>{added} players added to the registry on this computer, {updated} updated.</source>
        <translation>本机选手库新增 {added} 名选手，更新 {updated} 名。</translation>
    </message>
</context>
<context>
    <name>EntrantsTableModel</name>
    <message>
        <location filename="../../tournament_desk/gui/models/entrants_model.py" line="38"/>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/entrants_model.py" line="44"/>
        <source>Playing</source>
        <translation>在赛</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/entrants_model.py" line="46"/>
        <source>Withdrawn before round 1</source>
        <translation>第 1 轮前退赛</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/entrants_model.py" line="47"/>
        <source>Withdrawn after round {round}</source>
        <translation>第 {round} 轮后退赛</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/entrants_model.py" line="64"/>
        <source>Draw</source>
        <translation>抽签号</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/entrants_model.py" line="64"/>
        <source>Name</source>
        <translation>队名</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/entrants_model.py" line="64"/>
        <source>Unit</source>
        <translation>单位</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/entrants_model.py" line="64"/>
        <source>Players</source>
        <translation>队员</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/entrants_model.py" line="64"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
</context>
<context>
    <name>EntryPage</name>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/page.py" line="231"/>
        <source>Change an earlier round</source>
        <translation>修改之前轮次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/page.py" line="232"/>
        <source>Round {later} has already been paired from the standings after round {n}. Changing round {n} changes those standings but not the pairing already made. Change round {n}?</source>
        <translation>第 {later} 轮已按第 {n} 轮后的名次编排。修改第 {n} 轮会改变这些名次，但不会改变已经完成的编排。确定修改第 {n} 轮吗？</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/page.py" line="237"/>
        <source>Nothing changed.</source>
        <translation>没有任何改动。</translation>
    </message>
</context>
<context>
    <name>EventPage</name>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="99"/>
        <source>The event</source>
        <translation>比赛信息</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="103"/>
        <source>e.g. 2026 金秋杯升级赛</source>
        <translation>例如：2026 金秋杯升级赛</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="110"/>
        <source>Teams of four</source>
        <translation>团体（四人一队）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="112"/>
        <source>Pairs</source>
        <translation>双人（两人一对）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="143"/>
        <source>Name</source>
        <translation>比赛名称</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="144"/>
        <source>Venue</source>
        <translation>比赛地点</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="145"/>
        <source>First day</source>
        <translation>开始日期</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="146"/>
        <source>Last day</source>
        <translation>结束日期</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="147"/>
        <source>Format</source>
        <translation>赛制</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="148"/>
        <source>Entrants</source>
        <translation>参赛形式</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="149"/>
        <source>Scoring</source>
        <translation>计分方式</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="151"/>
        <source>Rounds</source>
        <translation>轮数</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="181"/>
        <source>Not played with the scoring chosen.</source>
        <translation>此赛制不能采用所选的计分方式。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="219"/>
        <source>Not played with the format chosen.</source>
        <translation>所选赛制不能采用此计分方式。</translation>
    </message>
</context>
<context>
    <name>FileActions</name>
    <message>
        <location filename="../../tournament_desk/gui/window/files.py" line="38"/>
        <source>The file was repaired</source>
        <translation>文件已修复</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/files.py" line="58"/>
        <source>Open a tournament</source>
        <translation>打开比赛</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/files.py" line="94"/>
        <source>Connect to a server</source>
        <translation>连接服务器</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/files.py" line="112"/>
        <source>Move this event to a server</source>
        <translation>把赛事迁移到服务器</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/files.py" line="117"/>
        <source>The event was moved to the server; this file was left as it was.</source>
        <translation>赛事已迁移到服务器；原文件保持不变。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/files.py" line="136"/>
        <source>Move this event back to a file</source>
        <translation>把赛事迁回文件</translation>
    </message>
</context>
<context>
    <name>FilePage</name>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="283"/>
        <source>Where to keep it</source>
        <translation>保存位置</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="284"/>
        <source>One tournament is one file: copy it, mail it, back it up.</source>
        <translation>一场比赛就是一个文件：可以复制、发送和备份。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="288"/>
        <source>Choose…</source>
        <translation>选择…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="307"/>
        <source>New tournament file</source>
        <translation>新比赛文件</translation>
    </message>
</context>
<context>
    <name>FindBar</name>
    <message>
        <location filename="../../tournament_desk/gui/find_bar.py" line="31"/>
        <source>Find a team: part of its name (or its pinyin), its unit or a table number</source>
        <translation>查找参赛队：名称的一部分（或拼音、拼音首字母）、单位或桌号</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/find_bar.py" line="40"/>
        <source>Close (Esc)</source>
        <translation>关闭（Esc）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/find_bar.py" line="50"/>
        <source>Find:</source>
        <translation>查找：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/find_bar.py" line="77"/>
        <source>Nothing to search on this page</source>
        <translation>本页没有可查找的内容</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/find_bar.py" line="85"/>
        <source>No match</source>
        <translation>没有找到</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/find_bar.py" line="108"/>
        <source>{at} of {count}</source>
        <translation>第 {at} / {count} 处</translation>
    </message>
</context>
<context>
    <name>Formats</name>
    <message>
        <location filename="../../tournament_desk/gui/formats/base.py" line="80"/>
        <source>The rounds follow from the number of entrants.</source>
        <translation>轮数由参赛队数决定。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/base.py" line="85"/>
        <source>Draw number 1 plays 2 on table 1, 3 plays 4 on table 2, and so on.</source>
        <translation>抽签号 1 对 2 在第 1 桌，3 对 4 在第 2 桌，依此类推。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/base.py" line="89"/>
        <source>There is no bracket yet.</source>
        <translation>尚无对阵图。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/base.py" line="103"/>
        <source>This stage&apos;s format fixes who meets whom: its tables cannot be swapped, locked or re-paired.</source>
        <translation>本阶段的赛制已定好谁与谁对阵：各桌不能对调、锁定或重新编排。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/groups_knockout.py" line="22"/>
        <source>Automatic (from the number of groups)</source>
        <translation>自动（按小组数确定）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/groups_knockout.py" line="31"/>
        <source>Group size</source>
        <translation>每组队数</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/groups_knockout.py" line="32"/>
        <source>Knockout size</source>
        <translation>淘汰赛规模</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/groups_knockout.py" line="33"/>
        <source>Snake seeding: the draw order is a seeding, spread over the groups</source>
        <translation>蛇形分组：抽签顺序作为种子顺序，蛇形分到各组</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/groups_knockout.py" line="40"/>
        <source>Groups then knockout: group round robins, then a knockout (小组赛+淘汰赛)</source>
        <translation>小组赛+淘汰赛：先分组单循环，再进行淘汰赛</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/groups_knockout.py" line="45"/>
        <source>The rounds follow from the groups and the knockout size.</source>
        <translation>轮数由分组和淘汰赛规模决定。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/groups_knockout.py" line="48"/>
        <source>The draw numbers fill the groups (1–4 group A, 5–8 group B, … by the group size; snake seeding spreads them A B C … C B A); each group then plays its round robin.</source>
        <translation>抽签号依次分组（按每组人数：1–4 号 A 组，5–8 号 B 组，……；蛇形种子按 A B C … C B A 分布），之后各组进行单循环。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/groups_knockout.py" line="52"/>
        <source>The knockout has not been drawn yet: draw it on the Groups page once every group is over and any lots are recorded.</source>
        <translation>淘汰赛尚未抽签：所有小组赛结束并记录需要的摸牌结果后，在“分组”页抽签。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/groups_knockout.py" line="56"/>
        <source>Each group&apos;s schedule, then the bracket, fixes who meets whom: the tables cannot be swapped, locked or re-paired. Check the round and publish it.</source>
        <translation>各组的赛程（之后是对阵图）已定好谁与谁对阵：各桌不能对调、锁定或重新编排。核对本轮后发布即可。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/knockout.py" line="18"/>
        <source>Play a third-place match</source>
        <translation>进行三、四名决赛</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/knockout.py" line="31"/>
        <source>Knockout by draw: the draw numbers fill a bracket, byes to the first (抽签淘汰)</source>
        <translation>抽签淘汰赛：按抽签号排入对阵图，轮空给靠前的签号</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/knockout.py" line="36"/>
        <source>A knockout&apos;s rounds follow from the number of entrants.</source>
        <translation>淘汰赛的轮数由参赛队数决定。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/knockout.py" line="39"/>
        <source>The draw numbers take their places in the bracket in the standard seeding order (1 and 2 can meet only in the final); when the entrants do not fill it, the lowest numbers get the byes.</source>
        <translation>抽签号按标准种子顺序排入对阵图（1 号与 2 号只可能在决赛相遇）；参赛者不足时，号码小者轮空。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/knockout.py" line="43"/>
        <source>The bracket follows from the round-1 draw: register every entrant, then make the draw on the Entrants page.</source>
        <translation>对阵图由第 1 轮抽签决定：登记全部参赛队后，在“参赛队”页抽签。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/knockout.py" line="47"/>
        <source>The bracket fixes who meets whom: its tables cannot be swapped, locked or re-paired. Check the round and publish it.</source>
        <translation>对阵图已定好谁与谁对阵：各桌不能对调、锁定或重新编排。核对本轮后发布即可。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/knockout_round_robin.py" line="21"/>
        <source>{count} (the last {count} of the knockout)</source>
        <translation>{count}（淘汰赛最后剩下的 {count} 队）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/knockout_round_robin.py" line="26"/>
        <source>Finalists</source>
        <translation>决赛人数</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/knockout_round_robin.py" line="29"/>
        <source>Knockout into a round-robin final: the last 4 or 8 play a round robin (淘汰 + 循环决赛)</source>
        <translation>淘汰 + 循环决赛：淘汰至剩 4 或 8 队，再进行单循环决赛</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/knockout_round_robin.py" line="33"/>
        <source>The knockout&apos;s rounds and the final&apos;s follow from the number of entrants.</source>
        <translation>淘汰赛和决赛的轮数由参赛队数决定。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/mitchell.py" line="24"/>
        <source>Skip: EW move two tables halfway (T − 1 rounds)</source>
        <translation>跳桌：东西方在中途一次移两桌（T − 1 轮）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/mitchell.py" line="25"/>
        <source>Relay table and bye stand (T rounds)</source>
        <translation>接力桌加空牌架（T 轮）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/mitchell.py" line="30"/>
        <source>The whole movement</source>
        <translation>完整轮转</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/mitchell.py" line="40"/>
        <source>Boards a round</source>
        <translation>每轮牌副数</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/mitchell.py" line="41"/>
        <source>Even number of tables</source>
        <translation>桌数为偶数时</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/mitchell.py" line="42"/>
        <source>Rounds to play</source>
        <translation>比赛轮数</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/mitchell.py" line="46"/>
        <source>Odd draw numbers sit North–South, even ones East–West: 1 and 2 at table 1, 3 and 4 at table 2, and so on; NS pairs stay, EW pairs move.</source>
        <translation>单号坐南北，双号坐东西：1 号与 2 号在第 1 桌，3 号与 4 号在第 2 桌，依此类推；南北对不动，东西对移位。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/mitchell.py" line="53"/>
        <source>Pairs duplicate, Mitchell movement: NS stay, EW and the boards move (牌套赛（米切尔）)</source>
        <translation>牌套赛（米切尔）：南北不动，东西与牌套移动</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/mitchell.py" line="57"/>
        <source>North–South (stays)</source>
        <translation>南北（不动）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/mitchell.py" line="57"/>
        <source>East–West (moves)</source>
        <translation>东西（移动）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/mitchell.py" line="62"/>
        <source>Boards {boards}: to be entered</source>
        <translation>第 {boards} 副：待录入</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/mitchell.py" line="64"/>
        <source>Boards {boards}: entered</source>
        <translation>第 {boards} 副：已录入</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/mitchell.py" line="68"/>
        <source>The Mitchell movement fixes where every pair sits and which boards it plays: the tables cannot be swapped, locked or re-paired. Check the round and publish it.</source>
        <translation>米切尔移位已定好每对的座位和所打牌副：各桌不能对调、锁定或重新编排。核对本轮后发布即可。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/mitchell.py" line="72"/>
        <source>North–South and East–West are ranked separately: each direction has its own list, from its own 1st place.</source>
        <translation>南北与东西分开排名：每个方向各有一份名次，各自从第 1 名排起。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/round_robin.py" line="19"/>
        <source>Round robin: everyone meets everyone once (单循环)</source>
        <translation>单循环：每两队相遇一次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/round_robin.py" line="21"/>
        <source>Double round robin: twice, home and away swapped (双循环)</source>
        <translation>双循环：每两队相遇两次，主客互换</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/round_robin.py" line="26"/>
        <source>The draw numbers place the entrants in the Berger schedule (number 1 is the schedule&apos;s first line): who meets whom in which round follows from them, and the schedule cannot change later.</source>
        <translation>抽签号决定各队在贝格尔轮转表中的位置（1 号即表中第一位）：谁在哪一轮与谁相遇由此确定，之后赛程不能更改。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/round_robin.py" line="30"/>
        <source>A round robin&apos;s rounds follow from the number of entrants.</source>
        <translation>循环赛的轮数由参赛队数决定。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/round_robin.py" line="33"/>
        <source>The round robin&apos;s schedule follows from the draw numbers: its tables cannot be swapped, locked or re-paired. Check the round and publish it.</source>
        <translation>循环赛的赛程由抽签号决定：各桌不能对调、锁定或重新编排。核对本轮后发布即可。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/swiss.py" line="18"/>
        <source>Swiss: paired round by round from the standings (积分编排)</source>
        <translation>积分编排（瑞士移位）：按积分逐轮编排</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/scorings.py" line="31"/>
        <source>{n} pairs (best of {n})</source>
        <translation>{n} 对（{n} 场）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/scorings.py" line="51"/>
        <source>Each round plays six pre-dealt boards at 9, 10, J, Q, K, A (declarers N, E, S, W, N, E; trumps ♠ ♥ ♦ ♣, no trump, ♠); edit them on the Boards page.</source>
        <translation>每轮打 6 副牌套，级数 9、10、J、Q、K、A（庄家北、东、南、西、北、东；主牌 ♠ ♥ ♦ ♣、无主、♠），可在“复式成绩”页修改。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/scorings.py" line="56"/>
        <source>Each team sends its pairs; board i of a team match puts the i-th pair of each line-up against each other. A pair game is won by passing A first, else the higher level, equal levels the declarer (庄家); the team winning more games scores 3 points, the other 1.</source>
        <translation>每队派出若干对；团体赛第 i 台由双方出场名单的第 i 对对阵。每局先过 A 者胜，均未过 A 级别高者胜，同级别庄家胜；胜局多的队得 3 分，另一队得 1 分。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/scorings.py" line="62"/>
        <source>Scoring: each pair game is won by passing A first, else by the higher level, equal levels by the declarer; a match won 3 points, lost 1, forfeited 3 : 0; ranked by points, the result between the tied teams, then the game ratio. The level table is kept for the scoresheets.</source>
        <translation>计分：每局先过 A 者胜，均未过 A 级别高者胜，同级别庄家胜；一场团体赛胜得 3 分、负得 1 分、弃权 3 : 0；名次依次按积分、同分队之间的胜负、得失局率排定。升级表保留用于记分表。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/scorings.py" line="68"/>
        <source>Levels reached at each table (hand-dealt)</source>
        <translation>按各桌终局级数计分（手抓牌）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/scorings.py" line="71"/>
        <source>Duplicate boards, open and closed rooms (复式)</source>
        <translation>复式赛：牌套，开室与闭室</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/scorings.py" line="74"/>
        <source>Type each knockout match&apos;s boards on the Boards page; the winners and the bracket follow here. A match that ended equal is decided by a ruling.</source>
        <translation>淘汰赛每场比赛的各副牌请在“牌套”页录入；胜者与对阵图在此随之更新。打平的比赛由裁判判负决定。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/scorings.py" line="81"/>
        <source>Team match of pairs (团体赛，每队 P 对)</source>
        <translation>团体赛（每队 P 对）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/scorings.py" line="83"/>
        <source>Pairs a team sends</source>
        <translation>每队对数</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/scorings.py" line="86"/>
        <source>Teams of pairs (the pairs a team sends, below)</source>
        <translation>团体（每队派出的对数见下方）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/formats/scorings.py" line="87"/>
        <source>Type each knockout match&apos;s pair games on the Team matches page; the team that wins more goes on, and the bracket follows here. A match left equal (a game neither pair showed for) is decided by a ruling.</source>
        <translation>淘汰赛每场团体赛的各对比赛请在“团体赛”页录入；胜局多的队晋级，对阵图在此随之更新。打平的比赛（有一局双方均未到场）由裁判判负决定。</translation>
    </message>
</context>
<context>
    <name>GroupsPage</name>
    <message>
        <location filename="../../tournament_desk/gui/pages/groups.py" line="139"/>
        <source>qualified, bye lot</source>
        <translation>出线，轮空待摸牌</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/groups.py" line="139"/>
        <source>lot across groups</source>
        <translation>跨组待摸牌</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/groups.py" line="48"/>
        <source>forfeit</source>
        <translation>弃权</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/groups.py" line="49"/>
        <source>ruling</source>
        <translation>判负</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/groups.py" line="50"/>
        <source>late</source>
        <translation>迟交</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/groups.py" line="51"/>
        <source>annulled</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/groups.py" line="76"/>
        <source>No.</source>
        <translation>序号</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/groups.py" line="76"/>
        <source>Name</source>
        <translation>队名</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/groups.py" line="77"/>
        <source>Points</source>
        <translation>积分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/groups.py" line="77"/>
        <source>小分</source>
        <translation>小分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/groups.py" line="77"/>
        <source>Rank</source>
        <translation>名次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/groups.py" line="137"/>
        <source>lot needed</source>
        <translation>需摸牌</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/groups.py" line="140"/>
        <source>qualified</source>
        <translation>出线</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/groups.py" line="155"/>
        <source>Record a &amp;lot (摸牌)…</source>
        <translation>摸牌(&amp;L)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/groups.py" line="158"/>
        <source>&amp;Knockout draw…</source>
        <translation>淘汰赛抽签(&amp;K)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/groups.py" line="177"/>
        <source>Each cell: the row&apos;s level : the opponent&apos;s, and the points it gave the row (win 3, draw 1, loss 0). Green: goes to the knockout; yellow: tied on every criterion, a lot must be drawn.</source>
        <translation>每格：本行队的级数 : 对手的级数，括号内为本行队所得积分（胜 3、平 1、负 0）。绿色：进入淘汰赛；黄色：各项成绩完全相同，须摸牌决定。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/groups.py" line="184"/>
        <source>Groups</source>
        <translation>分组</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/groups.py" line="200"/>
        <source>The groups are made from the draw numbers when round 1 is paired (Rounds page).</source>
        <translation>第 1 轮编排时按抽签号分组（“编排”页）。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/groups.py" line="207"/>
        <source>over</source>
        <translation>已结束</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/groups.py" line="207"/>
        <source>in play</source>
        <translation>进行中</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/groups.py" line="209"/>
        <source>Group {group} ({state})</source>
        <translation>{group}组（{state}）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/groups.py" line="251"/>
        <source>The knockout waits: {why}</source>
        <translation>淘汰赛尚不能抽签：{why}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/groups.py" line="254"/>
        <source>The knockout of {size} has been drawn: see the Knockout page.</source>
        <translation>{size} 队的淘汰赛已经抽签：见“淘汰赛”页。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/groups.py" line="260"/>
        <source>Every group is over: {count} qualifiers for a knockout of {size}. Draw the knockout.</source>
        <translation>小组赛全部结束：{count} 队出线，进入 {size} 队的淘汰赛。请进行淘汰赛抽签。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/groups.py" line="297"/>
        <source>Knockout draw (重新抽签)</source>
        <translation>淘汰赛抽签（重新抽签）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/groups.py" line="299"/>
        <source>The qualifiers, best first. A manual order gives the bracket&apos;s lines from the top: the first plays the second, the third the fourth, …; byes go to the highest qualifiers.</source>
        <translation>出线队按成绩从高到低排列。手动排序即对阵图从上到下的位置：第一对第二，第三对第四，……；轮空给成绩最好的出线队。</translation>
    </message>
</context>
<context>
    <name>Help</name>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="57"/>
        <source>Getting started</source>
        <translation>入门</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="58"/>
        <source>Entrants</source>
        <translation>参赛队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="59"/>
        <source>Rounds</source>
        <translation>编排</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="60"/>
        <source>Results</source>
        <translation>成绩</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="61"/>
        <source>Duplicate boards</source>
        <translation>复式成绩</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="62"/>
        <source>Board results (Mitchell)</source>
        <translation>牌套成绩（米切尔）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="63"/>
        <source>Team matches</source>
        <translation>团体赛</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="64"/>
        <source>Groups</source>
        <translation>分组</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="65"/>
        <source>Knockout</source>
        <translation>淘汰赛</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="66"/>
        <source>Standings</source>
        <translation>名次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="67"/>
        <source>Audit</source>
        <translation>操作记录</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="68"/>
        <source>Rules</source>
        <translation>规则</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="69"/>
        <source>Editing the rules</source>
        <translation>修改规则</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="70"/>
        <source>Tournament Desk</source>
        <translation>赛事编排台</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="77"/>
        <source>Start a new tournament (the wizard asks for the format, scoring and rules), open a .tdesk file, or open the demo tournament to try everything without risk.</source>
        <translation>新建比赛（向导会询问赛制、计分方式和规则），打开 .tdesk 文件，或打开演示比赛，放心试用各项功能。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="81"/>
        <source>Every change is saved the moment it is made; there is no Save. Automatic backups are kept before every pairing (File ▸ Backups).</source>
        <translation>每项修改在做出的同时即已保存，无需“保存”。每次编排前自动备份（文件 ▸ 备份）。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="87"/>
        <source>Register every team or pair before round 1: Add, or Import a sign-up sheet (.xlsx or .csv). Double-click a name, unit or players to correct it; the audit trail keeps the old value.</source>
        <translation>第 1 轮之前登记全部参赛队：逐一登记，或导入报名表（.xlsx 或 .csv）。双击队名、单位或队员即可更正；操作记录保留原值。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="91"/>
        <source>Draw fixes the order of round 1 (at random with a seed, or the director&apos;s order).</source>
        <translation>抽签确定第 1 轮的顺序（按种子随机，或按裁判长指定的顺序）。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="92"/>
        <source>Withdraw takes an entrant out of the rounds still to be paired. With a withdrawn entrant selected the same button takes the withdrawal back, as long as no later round has results.</source>
        <translation>退赛使该队不再参加之后编排的轮次。选中已退赛的队时，同一按钮可撤销退赛，前提是之后的轮次尚无成绩。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="98"/>
        <source>Pair next round pairs by the rules in force; the window stays usable meanwhile. The new round is a draft until you publish it.</source>
        <translation>“编排下一轮”按现行规则编排，期间窗口照常可用。新的一轮在公布之前是草稿。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="102"/>
        <source>In a draft: select two names and Swap; select tables and Lock them (a padlock marks them), then Re-pair the unlocked tables. Every change asks for a reason for the audit trail.</source>
        <translation>草稿中：选中两个队名可交换；选中桌次可锁定（以锁形图标标出），再重排未锁定的桌次。每项修改都会询问原因，记入操作记录。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="106"/>
        <source>A swap that makes a rematch or puts two entrants of one unit together asks first and is recorded as an exception.</source>
        <translation>若交换造成重复相遇或同单位相遇，会先询问，并作为例外记入操作记录。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="112"/>
        <source>Type the home level, Enter, the away level, Enter: the table is saved, its VP and MP appear and the cursor goes to the next table still missing its result. Levels: 2–10, J, Q, K, A, 过A.</source>
        <translation>输入主队级数，回车，客队级数，回车：该桌即保存，显示标准分和场分，光标移到下一个尚未录入的桌次。级数：2–10、J、Q、K、A、过A。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="116"/>
        <source>Right-click a table for a forfeit, a loss by ruling, a late scoresheet or a 0.5-MP deduction; Delete clears a result. Such tables are marked: the status in red, a padlock on a locked table.</source>
        <translation>右键单击桌次可判弃权、判负、迟交记分表或扣 0.5 场分；Delete 键清除成绩。这些桌次会有标记：状态以红色显示，锁定的桌次显示锁形图标。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="120"/>
        <source>Ctrl+Z undoes the last entry, even right after Enter; Ctrl+Y does it again. Changing a round once a later round has been paired asks first.</source>
        <translation>Ctrl+Z 撤销上一次录入，回车之后立即按也可以；Ctrl+Y 重做。之后的轮次已编排时，修改较早轮次会先询问。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="126"/>
        <source>Pick a table on the left, then type each board&apos;s defenders&apos; points: open room, Enter, closed room, Enter. The board&apos;s levels and the match&apos;s running total follow every key.</source>
        <translation>在左侧选择桌次，然后逐副输入防守方得分：开室，回车，闭室，回车。每按一键，该副的级数和本场累计随之更新。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="130"/>
        <source>Penalty points are on the boards&apos; context menu; forfeits, rulings, late scoresheets and deductions on the tables&apos; context menu. Ctrl+Z undoes, Ctrl+Y redoes.</source>
        <translation>罚分在牌副的右键菜单中；弃权、判负、迟交记分表和扣分在桌次的右键菜单中。Ctrl+Z 撤销，Ctrl+Y 重做。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="136"/>
        <source>Type each board&apos;s defenders&apos; points by table, or by board in traveller order; Enter moves on. The match points of the board follow every key.</source>
        <translation>按桌次、或按牌副（流动记分表顺序）输入每副牌的防守方得分；回车进入下一格。每按一键，该副的比赛分随之更新。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="140"/>
        <source>Penalty points: NS:10 or EW:10 in the penalty column; empty takes them back. A correction of a board already entered asks first.</source>
        <translation>罚分：在罚分列输入 NS:10 或 EW:10；留空即撤销。更正已录入的牌副会先询问。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="146"/>
        <source>Pick a team match on the left, then type each board&apos;s pair game: the home level, Enter, the away level, Enter (equal levels: h or a for the declarer). 缺 in a level: that pair did not show and loses its game. The games won and the points follow every key.</source>
        <translation>在左侧选择一场团体赛，然后逐台录入各对的对局：主队级数，回车，客队级数，回车（级数相同时输入 h 或 a 表示庄家）。级数栏输入“缺”：该对未到场，判负该局。每按一键，胜局数和积分随之更新。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="151"/>
        <source>Line-up… sets which pair plays at which board before a game is typed; forfeits, rulings, late scoresheets and deductions are on the matches&apos; context menu. Ctrl+Z undoes, Ctrl+Y redoes.</source>
        <translation>录入对局之前可用“出场名单…”安排哪一对在哪一台；弃权、判负、迟交记分表和扣分在各场比赛的右键菜单中。Ctrl+Z 撤销，Ctrl+Y 重做。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="157"/>
        <source>One table per group: results, points, level difference and rank. The banner says what the knockout waits for; a tie that the rules cannot break is settled by a lot (摸牌).</source>
        <translation>每组一张表：成绩、积分、小分和名次。横幅说明淘汰赛还在等待什么；规则无法分出的同分以摸牌决定。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="163"/>
        <source>The bracket, and the results of a knockout round typed like on the Results page. Equal levels: say which side was on stage at the end; that side wins.</source>
        <translation>对阵图，以及淘汰赛各轮成绩，录入方式与成绩页相同。级数相同时，注明最后在台上的一方，该方获胜。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="169"/>
        <source>The standings after any round; hover over a place to see the tiebreak that decided it. While results are missing the standings are marked provisional.</source>
        <translation>任意一轮之后的名次；鼠标停在名次上可查看决定名次的附加排名办法。尚有成绩未录入时，名次标为暂定。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="175"/>
        <source>Every change, newest first, in a sentence: who changed what, where and why. Filter by round, table or entrant. Non-standard actions (a swap that breaks a rule, a lock, a re-pairing, a restore from a backup) are marked; hover over a line for the values stored.</source>
        <translation>每项修改都以一句话列出，最新的在前：谁在何处修改了什么、原因为何。可按轮次、桌次或参赛队筛选。非常规操作（违反规则的交换、锁定、重新编排、从备份恢复）有标记；鼠标停在一行上可查看存储的数值。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="182"/>
        <source>The event&apos;s rules in words. They can be changed (on a copy) until round 1 is paired.</source>
        <translation>以文字说明本赛事的规则。第 1 轮编排之前可以修改（修改的是副本）。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="185"/>
        <source>Every option of the event&apos;s rules, on a copy: choose the level table your regulations print (or edit its bands), the awards, the late-arrival limit and the tiebreaks, then Save. The change is kept in the audit trail with the reason you give. Hover over an option for a short explanation; each is explained below with the regulation it follows and an example.</source>
        <translation>本赛事规则的每一项，在副本上修改：选用规程所列的升级表（或逐档修改），设定判给的分数、迟到时限和排名依据，然后保存。修改连同所填原因记入操作记录。鼠标停在某一项上可看到简要说明；下面逐项说明其依据的规程条文并举例。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="199"/>
        <source>this help</source>
        <translation>本帮助</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="200"/>
        <source>find a team on the page</source>
        <translation>在本页查找参赛队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="201"/>
        <source>go to another page</source>
        <translation>切换页面</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="202"/>
        <source>undo / redo an entry (results pages)</source>
        <translation>撤销 / 重做录入（成绩页）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="203"/>
        <source>quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="211"/>
        <source>What the rules mean</source>
        <translation>规则说明</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="226"/>
        <source>Keys</source>
        <translation>快捷键</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/help.py" line="231"/>
        <source>The rules in force</source>
        <translation>现行规则</translation>
    </message>
</context>
<context>
    <name>HelpDialog</name>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/help_dialog.py" line="23"/>
        <source>Help — {page}</source>
        <translation>帮助 — {page}</translation>
    </message>
</context>
<context>
    <name>ImportPreviewDialog</name>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/import_dialog.py" line="70"/>
        <source>Import entrants from {file}</source>
        <translation>从 {file} 导入参赛队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/import_dialog.py" line="87"/>
        <source>Untick a row to leave it out; double-click a cell (or type over it) to correct it.</source>
        <translation>取消勾选某行即不导入该行；双击单元格（或直接输入）即可改正。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/import_dialog.py" line="97"/>
        <source>&amp;Import</source>
        <translation>导入(&amp;I)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/import_dialog.py" line="116"/>
        <source>The sheet has no entrants to import.</source>
        <translation>表格中没有可导入的参赛队。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/import_dialog.py" line="118"/>
        <source>Every row is left out: tick the rows to import.</source>
        <translation>所有行都未勾选：请勾选要导入的行。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/import_dialog.py" line="122"/>
        <source>Rows that cannot be imported: {count} (in red). Correct them here, or untick them to leave them out: nothing is imported while any row kept is wrong.</source>
        <translation>有 {count} 行无法导入（红色）。请在这里改正，或取消勾选不导入：只要保留的行中还有错误，就不会导入任何内容。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/import_dialog.py" line="129"/>
        <source>Rows left out: {count}.</source>
        <translation>未导入 {count} 行。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/import_dialog.py" line="133"/>
        <source>{count} of them to check (shaded): see why in the last column.</source>
        <translation>其中 {count} 行需要核对（底色标出）：原因见最后一列。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/import_dialog.py" line="127"/>
        <source>Entrants to import: {count}.</source>
        <translation>将导入 {count} 个参赛队。</translation>
    </message>
</context>
<context>
    <name>KnockoutPage</name>
    <message>
        <location filename="../../tournament_desk/gui/models/knockout.py" line="30"/>
        <location filename="../../tournament_desk/gui/models/knockout.py" line="38"/>
        <location filename="../../tournament_desk/gui/pages/entry/knockout.py" line="77"/>
        <source>home</source>
        <translation>主队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/knockout.py" line="32"/>
        <location filename="../../tournament_desk/gui/models/knockout.py" line="38"/>
        <location filename="../../tournament_desk/gui/pages/entry/knockout.py" line="77"/>
        <source>away</source>
        <translation>客队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/knockout.py" line="75"/>
        <source>Table</source>
        <translation>桌号</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/knockout.py" line="75"/>
        <source>Home</source>
        <translation>主队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/knockout.py" line="75"/>
        <source>Away</source>
        <translation>客队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/knockout.py" line="75"/>
        <source>Home level</source>
        <translation>主队级数</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/knockout.py" line="75"/>
        <source>Away level</source>
        <translation>客队级数</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/knockout.py" line="76"/>
        <source>On stage (在台上)</source>
        <translation>在台上</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/knockout.py" line="76"/>
        <source>Winner</source>
        <translation>胜者</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/knockout.py" line="76"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/knockout.py" line="76"/>
        <source>From</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/knockout.py" line="111"/>
        <source>won {n}</source>
        <translation>胜 {n} 局</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/knockout.py" line="124"/>
        <location filename="../../tournament_desk/gui/pages/entry/knockout.py" line="305"/>
        <source>equal levels: who was on stage? (主 / 客), then Enter</source>
        <translation>级数相同：结束时哪方在台上？（主 / 客），然后按回车</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/knockout.py" line="126"/>
        <source>type the away level, then Enter</source>
        <translation>请输入客队级数，然后按回车</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/knockout.py" line="139"/>
        <location filename="../../tournament_desk/gui/pages/entry/knockout.py" line="86"/>
        <source>Choose the side on stage: home (主) or away (客).</source>
        <translation>请选择在台上的一方：主队（主）或客队（客）。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/knockout.py" line="142"/>
        <source>Type both levels first.</source>
        <translation>请先输入双方级数。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/knockout.py" line="145"/>
        <source>The levels differ: the higher level wins, no side on stage is needed.</source>
        <translation>双方级数不同：级数高者胜，无需填写在台上的一方。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/knockout.py" line="157"/>
        <source>Type the home level first.</source>
        <translation>请先输入主队级数。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/knockout_bracket.py" line="140"/>
        <source>Third-place match</source>
        <translation>三、四名决赛</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/knockout_bracket.py" line="156"/>
        <source>(bye)</source>
        <translation>（轮空）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/knockout_bracket.py" line="181"/>
        <source>table {table}</source>
        <translation>第 {table} 桌</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/knockout.py" line="134"/>
        <source>Knockout round</source>
        <translation>淘汰赛轮次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/knockout_bracket.py" line="196"/>
        <source>Place</source>
        <translation>名次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/knockout_bracket.py" line="196"/>
        <source>Name</source>
        <translation>队名</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/knockout_bracket.py" line="196"/>
        <source>Group</source>
        <translation>小组</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/knockout_bracket.py" line="205"/>
        <source>Bold: the winner. ▲: the side on stage at the end (equal levels).</source>
        <translation>粗体：胜者。▲：结束时在台上的一方（级数相同时）。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/knockout.py" line="154"/>
        <source>Knockout</source>
        <translation>淘汰赛</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/knockout.py" line="224"/>
        <source>{name} (round {n})</source>
        <translation>{name}（第 {n} 轮）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/knockout.py" line="238"/>
        <source>The knockout is drawn: pair its first round on the Rounds page.</source>
        <translation>淘汰赛已抽签：请在“编排”页编排淘汰赛第一轮。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/knockout.py" line="248"/>
        <source>Round {n} is not published yet: publish it on the Rounds page first.</source>
        <translation>第 {n} 轮尚未公布：请先在“编排”页公布。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/knockout.py" line="253"/>
        <source>Type the levels (2–10, J, Q, K, A, 过A); Enter moves on. Equal levels: say who was on stage (主 / 客).</source>
        <translation>输入打到的级数（2–10、J、Q、K、A、过A），回车进入下一格。级数相同时：注明结束时哪方在台上（主 / 客）。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/knockout.py" line="257"/>
        <source>A match of this round ended equal and has no winner: decide it by a ruling (判负).</source>
        <translation>本轮有一场比赛打平，没有胜者：请由裁判判负决定。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/knockout.py" line="164"/>
        <location filename="../../tournament_desk/gui/pages/entry/knockout.py" line="260"/>
        <source>Every match of this round has a winner.</source>
        <translation>本轮每场比赛都已决出胜者。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/knockout_bracket.py" line="211"/>
        <source>Placing by the bracket</source>
        <translation>按对阵图的名次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/knockout.py" line="396"/>
        <source>Table {table}: {name} goes on.</source>
        <translation>第 {table} 桌：{name}晋级。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/knockout.py" line="398"/>
        <source>Table {table} has no result.</source>
        <translation>第 {table} 桌没有成绩。</translation>
    </message>
</context>
<context>
    <name>LineupDialog</name>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/lineup_dialog.py" line="37"/>
        <source>Line-up: round {round}, table {table}</source>
        <translation>出场名单：第 {round} 轮第 {table} 桌</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/lineup_dialog.py" line="40"/>
        <source>Which pair of each team plays at which board. Without a line-up a team plays in the order its players were registered.</source>
        <translation>每队哪一对在哪一台出场。未填出场名单的队按报名时的队员顺序出场。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/lineup_dialog.py" line="44"/>
        <source>Board</source>
        <translation>台</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/lineup_dialog.py" line="56"/>
        <source>{n}: {pair}</source>
        <translation>{n}：{pair}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/lineup_dialog.py" line="86"/>
        <source>{team}: pair {pair} is at two boards; each pair plays at one.</source>
        <translation>{team}：第 {pair} 对排在了两个台次；每对只能在一台出场。</translation>
    </message>
</context>
<context>
    <name>LiveDialog</name>
    <message>
        <location filename="../../tournament_desk/gui/live_dialog.py" line="54"/>
        <source>Live results</source>
        <translation>现场发布</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_dialog.py" line="59"/>
        <location filename="../../tournament_desk/gui/live_dialog.py" line="215"/>
        <source>The server is not running.</source>
        <translation>服务器未运行。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_dialog.py" line="64"/>
        <source>If phones cannot open the address: they must be on the same Wi-Fi as this computer, and on Windows allow Tournament Desk through the firewall (the question appears on first start).</source>
        <translation>如果手机打不开该地址：手机必须与本机连接同一个 Wi-Fi；在 Windows 上请允许赛事编排台通过防火墙（首次启动时会询问）。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_dialog.py" line="69"/>
        <location filename="../../tournament_desk/gui/live_dialog.py" line="213"/>
        <source>&amp;Start the server</source>
        <translation>启动服务器(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_dialog.py" line="74"/>
        <source>automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_dialog.py" line="77"/>
        <source>Automatic: the port the printed scoresheets and entry cards name, so their codes keep working. Another port means printing them again.</source>
        <translation>自动：使用已打印的记分表和录分卡上二维码所指的端口，二维码继续有效。换用其他端口则须重新打印。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_dialog.py" line="82"/>
        <source>Port:</source>
        <translation>端口：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_dialog.py" line="90"/>
        <source>Table &amp;links of the current round…</source>
        <translation>本轮各桌录入链接(&amp;L)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_dialog.py" line="96"/>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_dialog.py" line="103"/>
        <source>Set 60 min</source>
        <translation>设为 60 分钟</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_dialog.py" line="104"/>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_dialog.py" line="105"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_dialog.py" line="106"/>
        <source>+1 min</source>
        <translation>+1 分钟</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_dialog.py" line="107"/>
        <source>−1 min</source>
        <translation>−1 分钟</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_dialog.py" line="113"/>
        <source>An announcement for every screen</source>
        <translation>发布到所有屏幕的公告</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_dialog.py" line="114"/>
        <source>&amp;Announce</source>
        <translation>发布公告(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_dialog.py" line="119"/>
        <source>Round clock and announcements</source>
        <translation>本轮计时与公告</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_dialog.py" line="133"/>
        <source>&amp;Decide the selected table</source>
        <translation>裁定所选赛桌(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_dialog.py" line="135"/>
        <source>Disputed tables</source>
        <translation>有争议的赛桌</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_dialog.py" line="180"/>
        <source>&amp;Stop the server</source>
        <translation>停止服务器(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_dialog.py" line="181"/>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_dialog.py" line="195"/>
        <source>Phones open: %1</source>
        <translation>手机访问：%1</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_dialog.py" line="242"/>
        <source>Start the server and publish a round first.</source>
        <translation>请先启动服务器并公布一轮对阵。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_dialog.py" line="245"/>
        <source>Table links</source>
        <translation>各桌录入链接</translation>
    </message>
</context>
<context>
    <name>LiveDisputes</name>
    <message>
        <location filename="../../tournament_desk/gui/live_disputes.py" line="45"/>
        <source>not entered</source>
        <translation>未填报</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_disputes.py" line="48"/>
        <source>both pairs absent</source>
        <translation>双方对子均缺席</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_disputes.py" line="50"/>
        <source>the pair of %1 absent</source>
        <translation>%1 的对子缺席</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_disputes.py" line="53"/>
        <source>%1, %2 declaring</source>
        <translation>%1，%2 坐庄</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_disputes.py" line="60"/>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_disputes.py" line="61"/>
        <source>game %1: %2  ≠  %3</source>
        <translation>第 %1 局：%2  ≠  %3</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_disputes.py" line="80"/>
        <source>The levels home : away, e.g. Q:9 (equal levels in a knockout: 9:9:home)</source>
        <translation>级数 主队 : 客队，如 Q:9（淘汰赛同级：9:9:主）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_disputes.py" line="85"/>
        <source>One board and its defenders&apos; points, e.g. 3:65 (a penalty: 3:65 EW10)</source>
        <translation>一副牌及防家得分，如 3:65（罚分：3:65 EW10）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_disputes.py" line="90"/>
        <source>One board, its room and the defenders&apos; points, e.g. 3c:65 (closed room), 3o:40 (open room)</source>
        <translation>一副牌、牌室及防家得分，如 3c:65（闭室）、3o:40（开室）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_disputes.py" line="95"/>
        <source>One pair game: 2: 9 7; equal levels with the declarer, 2: J J 客; a pair absent, 4: 缺席 主</source>
        <translation>一局对局：2: 9 7；同级注明庄家：2: J J 客；对子缺席：4: 缺席 主</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_disputes.py" line="115"/>
        <source>Choose a table, then type the decided result: levels Q:9, a board 3:65 or a pair game 2: 9 7</source>
        <translation>先选一桌，再输入裁定的成绩：级数 Q:9、一副牌 3:65 或一局对局 2: 9 7</translation>
    </message>
</context>
<context>
    <name>LiveSources</name>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/sources.py" line="130"/>
        <source>No table of this round is disputed.</source>
        <translation>本轮没有成绩有争议的桌次。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/sources.py" line="143"/>
        <source>Table {table} is disputed: home entered {home}, away entered {away}. Type the decided result.</source>
        <translation>第 {table} 桌成绩有争议：主队录入 {home}，客队录入 {away}。请录入裁定的成绩。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/sources.py" line="151"/>
        <source>Table {table}: {home} and {away} entered game {games} differently ({claims}). Type the decided game on its board.</source>
        <translation>第 {table} 桌：{home} 与 {away} 录入的第 {games} 局不一致（{claims}）。请在该局一行录入裁定的结果。</translation>
    </message>
</context>
<context>
    <name>LogFolder</name>
    <message>
        <location filename="../../tournament_desk/gui/crash.py" line="77"/>
        <source>Log to send</source>
        <translation>要发送的日志</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/crash.py" line="78"/>
        <source>When something goes wrong, send the files in this folder ({log} and {crash}): they hold what the window, tdesk and the LAN server did and met, but no password, code or cookie.

{folder}</source>
        <translation>出了问题时，请发送这个文件夹里的文件（{log} 和 {crash}）：其中记录了主窗口、tdesk 和局域网服务器做过和遇到的事，但不含任何密码、代码或 Cookie。

{folder}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/crash.py" line="83"/>
        <source>Open the folder</source>
        <translation>打开文件夹</translation>
    </message>
</context>
<context>
    <name>LotDialog</name>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/lot_dialog.py" line="48"/>
        <source>Knockout byes (轮空), across the groups</source>
        <translation>淘汰赛首轮轮空（跨组摸牌）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/lot_dialog.py" line="102"/>
        <source>Put them in the order the cards gave, best first (Alt+Up / Alt+Down move the selected team).</source>
        <translation>按摸牌结果排序，名次高的在前（Alt+↑ / Alt+↓ 移动选中的队）。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/lot_dialog.py" line="105"/>
        <source>The lot decides their places in the group; it is kept in the audit trail.</source>
        <translation>摸牌结果决定这些队在组内的名次，并记入操作记录。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/lot_dialog.py" line="107"/>
        <source>The first gets the bye (the highest-ranked qualifiers rest in the knockout&apos;s first round); it is kept in the audit trail.</source>
        <translation>排在最前的队轮空（淘汰赛第一轮由名次最高的出线队轮空），并记入操作记录。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/lot_dialog.py" line="110"/>
        <source>The first go to the knockout&apos;s last places; it is kept in the audit trail.</source>
        <translation>排在前面的队获得淘汰赛最后的出线名额，并记入操作记录。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/lot_dialog.py" line="40"/>
        <source>Record a lot (摸牌)</source>
        <translation>记录摸牌结果</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/lot_dialog.py" line="50"/>
        <source>Best thirds (第三名)</source>
        <translation>成绩最好的小组第三名</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/lot_dialog.py" line="46"/>
        <source>Group {group}</source>
        <translation>{group}组</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/lot_dialog.py" line="58"/>
        <source>Move &amp;up</source>
        <translation>上移(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/lot_dialog.py" line="59"/>
        <source>Move &amp;down</source>
        <translation>下移(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/lot_dialog.py" line="65"/>
        <source>e.g. drawn at the desk before the captains, 14:05</source>
        <translation>例如：14:05 在记录台当着各队队长摸牌</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/lot_dialog.py" line="71"/>
        <source>Lot for</source>
        <translation>摸牌范围</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/lot_dialog.py" line="79"/>
        <source>Reason / note:</source>
        <translation>原因 / 备注：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/lot_dialog.py" line="82"/>
        <source>Drawn order (first = best):</source>
        <translation>摸牌顺序（第一位名次最高）：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/lot_dialog.py" line="87"/>
        <source>Record the lot</source>
        <translation>记录摸牌结果</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/lot_dialog.py" line="94"/>
        <source>Tied on every criterion: {names}</source>
        <translation>各项成绩完全相同：{names}</translation>
    </message>
</context>
<context>
    <name>NewSeriesDialog</name>
    <message>
        <location filename="../../tournament_desk/gui/series/new_dialog.py" line="38"/>
        <source>New series or meet</source>
        <translation>新建系列赛或运动会</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/new_dialog.py" line="42"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/new_dialog.py" line="49"/>
        <source>e.g. 2026 spring league</source>
        <translation>例如：2026 春季联赛</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/new_dialog.py" line="53"/>
        <source>The points of places 1, 2, 3 …, separated by commas; 0 beyond the list.</source>
        <translation>第 1、2、3……名的积分，用逗号分隔；表外的名次得 0 分。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/new_dialog.py" line="58"/>
        <source>all events</source>
        <translation>全部赛事</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/new_dialog.py" line="64"/>
        <source>each entrant (a series)</source>
        <translation>每个参赛队（系列赛）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/new_dialog.py" line="65"/>
        <source>each unit (a sports meet: the units&apos; totals)</source>
        <translation>每个单位（运动会：各单位总分）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/new_dialog.py" line="67"/>
        <location filename="../../tournament_desk/gui/series/new_dialog.py" line="90"/>
        <source>Series file</source>
        <translation>系列赛文件</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/new_dialog.py" line="68"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/new_dialog.py" line="69"/>
        <source>Points by place</source>
        <translation>名次积分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/new_dialog.py" line="70"/>
        <source>Count the best</source>
        <translation>计入最好的（站数）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/new_dialog.py" line="71"/>
        <source>Ranked from (events played)</source>
        <translation>参赛满几站才排名</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/new_dialog.py" line="72"/>
        <source>Standings of</source>
        <translation>排名对象</translation>
    </message>
</context>
<context>
    <name>NewTournamentWizard</name>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="56"/>
        <source>declarer up {n}</source>
        <translation>庄家升 {n} 级</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="58"/>
        <source>defenders take the stage</source>
        <translation>防家上台</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="59"/>
        <source>defenders take the stage, up {n}</source>
        <translation>防家上台并升 {n} 级</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="64"/>
        <source>Defenders&apos; points</source>
        <translation>防家得分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="64"/>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="75"/>
        <source>(one more every further {step})</source>
        <translation>（每多 {step} 分再升一级）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="316"/>
        <location filename="../../tournament_desk/gui/wizard.py" line="341"/>
        <source>New tournament</source>
        <translation>新建比赛</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="342"/>
        <source>Discard the new tournament? What you typed is lost; no file is made.</source>
        <translation>放弃新建比赛？已填写的内容将丢失，不会生成文件。</translation>
    </message>
</context>
<context>
    <name>OutputActions</name>
    <message>
        <location filename="../../tournament_desk/gui/window/output.py" line="27"/>
        <source>Round {n} pairings</source>
        <translation>第{n}轮对阵表</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/output.py" line="27"/>
        <source>Round {n} scoresheets</source>
        <translation>第{n}轮记分表</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/output.py" line="31"/>
        <source>Standings</source>
        <translation>名次表</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/output.py" line="31"/>
        <source>Standings after round {n}</source>
        <translation>第{n}轮后名次表</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/output.py" line="32"/>
        <source>Final ranking</source>
        <translation>最终名次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/output.py" line="33"/>
        <source>Cross-table</source>
        <translation>交叉表</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/output.py" line="33"/>
        <source>Cross-table after round {n}</source>
        <translation>第{n}轮后交叉表</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/output.py" line="34"/>
        <source>Certificates</source>
        <translation>荣誉证书</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/output.py" line="35"/>
        <source>Knockout bracket</source>
        <translation>淘汰赛对阵图</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/output.py" line="36"/>
        <source>Whole event</source>
        <translation>赛事全部成绩</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/output.py" line="36"/>
        <source>Whole event after round {n}</source>
        <translation>第{n}轮后赛事全部成绩</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/output.py" line="47"/>
        <source>Save as</source>
        <translation>另存为</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/output.py" line="59"/>
        <source>Which round?</source>
        <translation>打印哪一轮？</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/output.py" line="59"/>
        <source>Round</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/output.py" line="72"/>
        <source>Only {done} of {planned} rounds have all their results: this is not yet the final ranking.</source>
        <translation>{planned} 轮中只有 {done} 轮的成绩已全部录入：这还不是最终名次。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/output.py" line="75"/>
        <source>Only {done} rounds have all their results: this is not yet the final ranking.</source>
        <translation>只有 {done} 轮的成绩已全部录入：这还不是最终名次。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/output.py" line="78"/>
        <source>The event is not over</source>
        <translation>比赛尚未结束</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/output.py" line="78"/>
        <source>Print it anyway?</source>
        <translation>仍要打印吗？</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/output.py" line="103"/>
        <location filename="../../tournament_desk/gui/window/output.py" line="108"/>
        <source>Saved {files}</source>
        <translation>已保存 {files}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/output.py" line="107"/>
        <source>Saved</source>
        <translation>已保存</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/output.py" line="109"/>
        <source>Open</source>
        <translation>打开</translation>
    </message>
</context>
<context>
    <name>PairBoardsPage</name>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="44"/>
        <source>North</source>
        <translation>北</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="44"/>
        <source>East</source>
        <translation>东</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="44"/>
        <source>South</source>
        <translation>南</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="44"/>
        <source>West</source>
        <translation>西</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="48"/>
        <source>NS</source>
        <translation>南北</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="48"/>
        <source>EW</source>
        <translation>东西</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="207"/>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell.py" line="94"/>
        <source>Round</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="207"/>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="343"/>
        <source>Table</source>
        <translation>桌号</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="207"/>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="345"/>
        <source>Board</source>
        <translation>牌号</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="207"/>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="343"/>
        <source>NS pair</source>
        <translation>南北对</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="207"/>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="343"/>
        <source>EW pair</source>
        <translation>东西对</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="207"/>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="345"/>
        <source>Declarer</source>
        <translation>庄家</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="208"/>
        <source>Defenders&apos; points</source>
        <translation>防家得分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="208"/>
        <source>Penalty</source>
        <translation>罚分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="208"/>
        <source>NS result</source>
        <translation>南北成绩</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="208"/>
        <source>NS MP</source>
        <translation>南北比赛分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="208"/>
        <source>EW MP</source>
        <translation>东西比赛分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="209"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="212"/>
        <source>The points the defenders took on this board at this table (0–200, steps of 5)</source>
        <translation>本桌这副牌防家所得的分数（0–200，以 5 为单位）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="213"/>
        <source>Penalty points awarded to a side: NS:10 or EW:10; empty for none</source>
        <translation>判给一方的罚分：NS:10 或 EW:10（也可写 南北:10、东西:10）；留空为无</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="214"/>
        <source>North-South&apos;s result: the defenders&apos; points when NS defended, minus them when NS declared; East-West&apos;s is the opposite</source>
        <translation>南北方的成绩：南北防守时为防家得分，南北坐庄时为其负数；东西方与之相反</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="216"/>
        <source>North-South&apos;s match points on this board so far: 2 per result beaten, 1 per tie</source>
        <translation>南北方在这副牌上目前的比赛分：每胜过一个成绩得 2 分，持平得 1 分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="217"/>
        <source>East-West&apos;s match points on this board so far: 2 per result beaten, 1 per tie</source>
        <translation>东西方在这副牌上目前的比赛分：每胜过一个成绩得 2 分，持平得 1 分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="291"/>
        <source>typing: Enter saves</source>
        <translation>输入中：回车保存</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="293"/>
        <source>not paired yet</source>
        <translation>尚未编排</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="294"/>
        <source>round not published</source>
        <translation>本轮尚未公布</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="295"/>
        <source>not played (withdrawal)</source>
        <translation>未比赛（退赛）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="296"/>
        <source>waiting</source>
        <translation>待录入</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="343"/>
        <source>Boards (entered)</source>
        <translation>牌号（已录）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="343"/>
        <source>From</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell.py" line="96"/>
        <source>&amp;Deduct 0.5…</source>
        <translation>扣 0.5 分(&amp;D)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell.py" line="99"/>
        <source>Deduct 0.5 match points from a pair of the chosen table for a discipline violation</source>
        <translation>因违例从所选桌的一对选手扣除 0.5 比赛分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell.py" line="105"/>
        <source>Boards</source>
        <translation>牌套成绩</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="345"/>
        <source>Results</source>
        <translation>已录成绩</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/pair_boards.py" line="369"/>
        <source>Not played: a pair has withdrawn.</source>
        <translation>未比赛：有一对已退赛。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell.py" line="82"/>
        <source>By &amp;table</source>
        <translation>按桌(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell.py" line="84"/>
        <source>By &amp;board (traveller)</source>
        <translation>按牌（随牌记分单）(&amp;B)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell.py" line="94"/>
        <source>Round {n}</source>
        <translation>第 {n} 轮</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell.py" line="118"/>
        <source>Choose the round and the table of the pair first.</source>
        <translation>请先选择该对选手所在的轮次和桌号。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell_dialogs.py" line="22"/>
        <source>{name} (NS)</source>
        <translation>{name}（南北）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell_dialogs.py" line="22"/>
        <source>{name} (EW)</source>
        <translation>{name}（东西）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell_dialogs.py" line="24"/>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell_dialogs.py" line="32"/>
        <source>Deduct 0.5 match points</source>
        <translation>扣除 0.5 比赛分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell_dialogs.py" line="24"/>
        <source>Which pair?</source>
        <translation>扣哪一对？</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell_dialogs.py" line="29"/>
        <source>Round {round}, table {table}: 0.5 match points off {name}.</source>
        <translation>第 {round} 轮第 {table} 桌：{name} 扣 0.5 比赛分。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell_dialogs.py" line="41"/>
        <source>Round {round}, table {table} ({ns} NS – {ew} EW), board {board}: {old} is corrected to {new}.</source>
        <translation>第 {round} 轮第 {table} 桌（南北 {ns} – 东西 {ew}），第 {board} 副：{old} 更正为 {new}。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell_dialogs.py" line="44"/>
        <source>Correct board {board}</source>
        <translation>更正第 {board} 副</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell.py" line="129"/>
        <source>0.5 match points deducted from {name}.</source>
        <translation>已从 {name} 扣除 0.5 比赛分。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell.py" line="133"/>
        <source>Type the defenders&apos; points of each board of the table; Enter moves on. Penalty: NS:10 or EW:10 in the next column.</source>
        <translation>逐副输入本桌每副牌的防家得分，回车到下一副。罚分：在后一列输入 NS:10 或 EW:10。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell.py" line="135"/>
        <source>Type the defenders&apos; points at each table that played the board, in round order; Enter moves on.</source>
        <translation>按轮次顺序输入打过这副牌的每一桌的防家得分，回车到下一桌。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell.py" line="159"/>
        <source>No round has been paired yet: pair round 1 on the Rounds page.</source>
        <translation>还没有编排任何一轮：请先在“编排”页编排第 1 轮。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell.py" line="248"/>
        <source>Table {table} sits out this round (轮空): {name}; it has no boards to type.</source>
        <translation>本轮第 {table} 桌轮空：{name}；没有要录入的牌。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell.py" line="266"/>
        <source>Round {round}, table {table}: {ns} (North-South) – {ew} (East-West), boards {boards}</source>
        <translation>第 {round} 轮第 {table} 桌：{ns}（南北）– {ew}（东西），牌号 {boards}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell.py" line="275"/>
        <source>Board {board}, declarer {seat}: every table that plays it, in round order</source>
        <translation>第 {board} 副牌，{seat}家坐庄：打这副牌的每一桌，按轮次排列</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell_typing.py" line="105"/>
        <source>{ns} (NS) {ns_mp} MP · {ew} (EW) {ew_mp} MP · {done} of {count} boards in</source>
        <translation>{ns}（南北）{ns_mp} 比赛分 · {ew}（东西）{ew_mp} 比赛分 · 已录 {done}/{count} 副</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell_typing.py" line="113"/>
        <source>Board {board}: no result yet</source>
        <translation>第 {board} 副：尚无成绩</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell_typing.py" line="118"/>
        <source>Board {board}: {done} of {count} results in · top NS {ns} ({ns_mp} MP) · top EW {ew} ({ew_mp} MP)</source>
        <translation>第 {board} 副：已录 {done}/{count} 个成绩 · 南北最高 {ns}（{ns_mp} 比赛分）· 东西最高 {ew}（{ew_mp} 比赛分）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell_typing.py" line="166"/>
        <source>Type the board&apos;s points first, then the penalty.</source>
        <translation>请先输入这副牌的得分，再输入罚分。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell_typing.py" line="177"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell_typing.py" line="185"/>
        <source>Nothing changed.</source>
        <translation>没有任何改动。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell_typing.py" line="282"/>
        <source>Saved: board {board}, table {table}, round {round}: {points} → NS {result} · NS {ns_mp} MP, EW {ew_mp} MP so far</source>
        <translation>已保存：第 {round} 轮第 {table} 桌第 {board} 副 {points} 分 → 南北 {result} · 目前南北 {ns_mp} 比赛分，东西 {ew_mp} 比赛分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell_typing.py" line="305"/>
        <source>No later table of round {n} is waiting for its boards.</source>
        <translation>第 {n} 轮后面没有待录入的桌了。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/mitchell_typing.py" line="318"/>
        <source>Every board played so far has its results.</source>
        <translation>已打过的每副牌都已录入成绩。</translation>
    </message>
</context>
<context>
    <name>PenaltyDialog</name>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/penalty_dialog.py" line="35"/>
        <source>Penalty points</source>
        <translation>罚分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/penalty_dialog.py" line="42"/>
        <source>&amp;Points awarded (0 takes them back):</source>
        <translation>判给的罚分（填 0 即撤回）(&amp;P)：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/penalty_dialog.py" line="56"/>
        <source>open room</source>
        <translation>开室</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/penalty_dialog.py" line="56"/>
        <source>closed room</source>
        <translation>闭室</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/penalty_dialog.py" line="57"/>
        <source>North–South</source>
        <translation>南北</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/penalty_dialog.py" line="57"/>
        <source>East–West</source>
        <translation>东西</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/penalty_dialog.py" line="59"/>
        <source>Round {round}, table {table}: {home} – {away}
Board {board}, {room}: penalty points to {side} ({team})</source>
        <translation>第 {round} 轮第 {table} 桌：{home} – {away}
第 {board} 副，{room}：罚分判给{side}（{team}）</translation>
    </message>
</context>
<context>
    <name>PictureActions</name>
    <message>
        <location filename="../../tournament_desk/gui/window/pictures.py" line="37"/>
        <source>Standings</source>
        <translation>名次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/pictures.py" line="38"/>
        <source>Final ranking</source>
        <translation>最终名次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/pictures.py" line="39"/>
        <source>Find your table (a round)</source>
        <translation>查找桌号（一轮）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/pictures.py" line="40"/>
        <source>Results of a round</source>
        <translation>一轮的成绩</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/pictures.py" line="41"/>
        <source>Knockout bracket</source>
        <translation>淘汰赛对阵</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/pictures.py" line="42"/>
        <source>An entrant&apos;s card</source>
        <translation>一个参赛队的成绩卡</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/pictures.py" line="53"/>
        <source>Picture to share</source>
        <translation>分享图片</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/pictures.py" line="53"/>
        <source>Which list?</source>
        <translation>哪一份？</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/pictures.py" line="62"/>
        <source>Which round?</source>
        <translation>哪一轮？</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/pictures.py" line="62"/>
        <source>Round</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/pictures.py" line="68"/>
        <source>Whose card?</source>
        <translation>谁的成绩卡？</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/pictures.py" line="68"/>
        <source>Entrant</source>
        <translation>参赛队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/pictures.py" line="100"/>
        <source>Save picture…</source>
        <translation>保存图片…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/pictures.py" line="108"/>
        <source>Save picture</source>
        <translation>保存图片</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/pictures.py" line="134"/>
        <source>Saved {files}</source>
        <translation>已保存 {files}</translation>
    </message>
</context>
<context>
    <name>PictureClipboard</name>
    <message>
        <location filename="../../tournament_desk/gui/clipboard_picture.py" line="21"/>
        <source>The picture is on the clipboard ({width} × {height} pixels): paste it into a chat.</source>
        <translation>图片已复制到剪贴板（{width} × {height} 像素）：可直接粘贴到微信群。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/clipboard_picture.py" line="30"/>
        <source>Picture to share</source>
        <translation>分享图片</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/clipboard_picture.py" line="31"/>
        <source>The list is long, so it makes {count} pictures. The first is on the clipboard; {save} saves them all.</source>
        <translation>名单较长，共分为 {count} 张图片。第一张已复制到剪贴板；“{save}”可保存全部。</translation>
    </message>
</context>
<context>
    <name>PlayersMergeDialog</name>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_merge.py" line="29"/>
        <source>Players already known</source>
        <translation>已认识的选手</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_merge.py" line="32"/>
        <source>These players of the sheet look like players met at earlier events on this computer. Tick the ones that are the same person: they are then counted as one across events. The ones left unticked are remembered as different people and not asked about again. Cancel to decide later.</source>
        <translation>报名表中的这些选手看起来像本机以前赛事中的选手。请勾选确实是同一个人的：以后各赛事都把他们算作同一人。没有勾选的会记为不同的人，以后不再询问。若想以后再定，请点“取消”。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_merge.py" line="41"/>
        <source>Same person</source>
        <translation>同一人</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_merge.py" line="41"/>
        <source>Entrant</source>
        <translation>参赛队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_merge.py" line="41"/>
        <source>Unit on the sheet</source>
        <translation>报名表上的单位</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_merge.py" line="41"/>
        <source>Known as</source>
        <translation>选手库姓名</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_merge.py" line="42"/>
        <source>Known unit</source>
        <translation>选手库单位</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_merge.py" line="42"/>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_merge.py" line="55"/>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_merge.py" line="60"/>
        <source>the unit is spelt otherwise</source>
        <translation>单位写法不同</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_merge.py" line="61"/>
        <source>one of them has no unit</source>
        <translation>其中一方没有单位</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_merge.py" line="62"/>
        <source>the same ident</source>
        <translation>识别号相同</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_merge.py" line="63"/>
        <source>the same name and unit</source>
        <translation>姓名和单位相同</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_merge.py" line="64"/>
        <source>several known players have this name and unit</source>
        <translation>选手库里有几名同名同单位的选手</translation>
    </message>
</context>
<context>
    <name>Printing</name>
    <message>
        <location filename="../../tournament_desk/gui/printing.py" line="158"/>
        <source>Pairing sheet of a round</source>
        <translation>某轮对阵表</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/printing.py" line="159"/>
        <source>Scoresheets of a round</source>
        <translation>某轮记分表</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/printing.py" line="160"/>
        <source>Standings</source>
        <translation>名次表</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/printing.py" line="161"/>
        <source>Final ranking</source>
        <translation>最终名次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/printing.py" line="162"/>
        <source>Cross-table</source>
        <translation>交叉表</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/printing.py" line="163"/>
        <source>Certificates</source>
        <translation>荣誉证书</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/printing.py" line="164"/>
        <source>Knockout bracket</source>
        <translation>淘汰赛对阵图</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/printing.py" line="181"/>
        <source>Knockout bracket (PDF)…</source>
        <translation>淘汰赛对阵图（PDF）…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/printing.py" line="191"/>
        <source>Print</source>
        <translation>打印</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/printing.py" line="191"/>
        <source>Which report?</source>
        <translation>打印哪份报表？</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/printing.py" line="211"/>
        <source>No printer</source>
        <translation>没有打印机</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/printing.py" line="212"/>
        <source>No printer is installed on this computer: save the report as a PDF file instead?</source>
        <translation>这台电脑没有安装打印机：改为把报表保存为 PDF 文件吗？</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/printing.py" line="256"/>
        <source>Print {title}</source>
        <translation>打印{title}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/printing.py" line="267"/>
        <source>The printer {printer} did not accept the report.</source>
        <translation>打印机 {printer} 没有接受这份报表。</translation>
    </message>
</context>
<context>
    <name>ProjectorWindow</name>
    <message>
        <location filename="../../tournament_desk/gui/projector_window.py" line="36"/>
        <source>Round %1 clock: not started</source>
        <translation>第 %1 轮计时：尚未开始</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/projector_window.py" line="37"/>
        <source>Round %1: time left</source>
        <translation>第 %1 轮：剩余时间</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/projector_window.py" line="38"/>
        <source>Round %1: clock paused</source>
        <translation>第 %1 轮：计时暂停</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/projector_window.py" line="39"/>
        <source>Round %1: last deal — no new deal after this one</source>
        <translation>第 %1 轮：最后一副——此后不再开新牌</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/projector_window.py" line="40"/>
        <source>Round %1: time is over</source>
        <translation>第 %1 轮：时间到</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/projector_window.py" line="53"/>
        <source>Projector</source>
        <translation>投影</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/projector_window.py" line="114"/>
        <source>Find my table</source>
        <translation>查找我的桌号</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/projector_window.py" line="136"/>
        <source>No round has been published yet.</source>
        <translation>还没有公布任何一轮。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/projector_window.py" line="141"/>
        <source>Round %1 pairings</source>
        <translation>第 %1 轮对阵</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/projector_window.py" line="145"/>
        <source>Still playing: %1 tables</source>
        <translation>仍在比赛：%1 桌</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/projector_window.py" line="151"/>
        <source>Results in</source>
        <translation>已交成绩</translation>
    </message>
</context>
<context>
    <name>PublicPagesBox</name>
    <message>
        <location filename="../../tournament_desk/gui/live_pages_box.py" line="26"/>
        <source>Public pages</source>
        <translation>公开网页</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_pages_box.py" line="33"/>
        <source>not frozen</source>
        <translation>不冻结</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_pages_box.py" line="34"/>
        <source>&amp;Freeze the public standings for the last N rounds:</source>
        <translation>冻结最后 N 轮的公开名次(&amp;F)：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_pages_box.py" line="36"/>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_pages_box.py" line="42"/>
        <source>&amp;Projector window</source>
        <translation>投影窗口(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_pages_box.py" line="44"/>
        <source>Export static web pages…</source>
        <translation>导出静态网页…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_pages_box.py" line="79"/>
        <source>Export static web pages into a folder</source>
        <translation>把静态网页导出到一个文件夹</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_pages_box.py" line="86"/>
        <source>Static web pages</source>
        <translation>静态网页</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/live_pages_box.py" line="88"/>
        <source>The public pages are in %1: open index.html, or copy the folder to any web host.</source>
        <translation>公开网页在 %1：打开 index.html，或把整个文件夹复制到任意网站空间。</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <location filename="../../tournament_desk/gui/settings.py" line="60"/>
        <source>&amp;Look in:</source>
        <translation>查找范围(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/settings.py" line="61"/>
        <source>Files of &amp;type:</source>
        <translation>文件类型(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>QMessageBox</name>
    <message>
        <location filename="../../tournament_desk/gui/settings.py" line="66"/>
        <source>OK</source>
        <translation>确定</translation>
    </message>
</context>
<context>
    <name>QPlatformTheme</name>
    <message>
        <location filename="../../tournament_desk/gui/settings.py" line="62"/>
        <source>&amp;Open</source>
        <translation>打开(&amp;O)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/settings.py" line="63"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/settings.py" line="64"/>
        <source>Don&apos;t Save</source>
        <translation>不保存</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/settings.py" line="65"/>
        <source>&amp;OK</source>
        <translation>确定(&amp;O)</translation>
    </message>
</context>
<context>
    <name>ReasonDialog</name>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/reason_dialog.py" line="30"/>
        <source>Reason (kept in the audit trail):</source>
        <translation>原因（记入操作记录）：</translation>
    </message>
</context>
<context>
    <name>RegistryDialog</name>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_registry.py" line="46"/>
        <source>Players&apos; registry</source>
        <translation>选手库</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_registry.py" line="49"/>
        <source>Everyone remembered from earlier events on this computer. A sign-up sheet that names them again links them across events. Tick two records of one person and press Merge.</source>
        <translation>本机以前各赛事记下的所有选手。报名表再次填写他们时，会在各赛事之间关联为同一人。若两条记录是同一个人，请勾选这两条再点“合并”。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_registry.py" line="56"/>
        <source>Search by name, pinyin, unit or ident</source>
        <translation>按姓名、拼音、单位或识别号查找</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_registry.py" line="74"/>
        <source>&amp;Merge the two ticked…</source>
        <translation>合并勾选的两条(&amp;M)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_registry.py" line="75"/>
        <source>Two records of one person become one; both spellings are kept</source>
        <translation>同一人的两条记录合为一条，两种写法都保留</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_registry.py" line="76"/>
        <source>&amp;Import…</source>
        <translation>导入(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_registry.py" line="77"/>
        <source>Add the players of a registry exported on another computer</source>
        <translation>导入在另一台电脑上导出的选手库中的选手</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_registry.py" line="78"/>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_registry.py" line="79"/>
        <source>Write the registry as a workbook (.xlsx) or a .csv file</source>
        <translation>把选手库导出为工作簿（.xlsx）或 .csv 文件</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_registry.py" line="110"/>
        <source>The registry cannot be read</source>
        <translation>无法读取选手库</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_registry.py" line="120"/>
        <source>Tinted: {count} pairs of records that are likely one person (their tooltips say with whom).</source>
        <translation>底色标出的：有 {count} 对记录可能是同一个人（把鼠标停在上面可看到是和谁）。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_registry.py" line="132"/>
        <source>{count} players</source>
        <translation>共 {count} 名选手</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_registry.py" line="134"/>
        <source>{shown} of {count} players</source>
        <translation>显示 {shown} 名，共 {count} 名选手</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_registry.py" line="153"/>
        <source>Merge {other} into {keep}? They become one person; {other}&apos;s name and unit are kept as another spelling, and every event linked to either record counts them as one.</source>
        <translation>把 {other} 合并到 {keep}？合并后是同一个人；{other} 的姓名和单位作为另一种写法保留，与这两条记录关联的各赛事都把他们算作同一人。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_registry.py" line="156"/>
        <source>Merge two records</source>
        <translation>合并两条记录</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_registry.py" line="159"/>
        <source>The records were not merged</source>
        <translation>记录没有合并</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_registry.py" line="170"/>
        <source>The registry was not exported</source>
        <translation>选手库没有导出</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_registry.py" line="172"/>
        <source>Registry exported</source>
        <translation>选手库已导出</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_registry.py" line="173"/>
        <source>{count} players written to {path}.</source>
        <translation>已将 {count} 名选手写入 {path}。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_registry.py" line="179"/>
        <source>Nothing was imported</source>
        <translation>没有导入任何内容</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_registry.py" line="182"/>
        <source>Registry imported</source>
        <translation>选手库已导入</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_registry.py" line="183"/>
        <source>{added} players added to the registry, {updated} updated.</source>
        <translation>选手库新增 {added} 名选手，更新 {updated} 名。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_registry.py" line="190"/>
        <source>Export the registry</source>
        <translation>导出选手库</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_registry.py" line="191"/>
        <source>players&apos; registry</source>
        <translation>选手库</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_registry.py" line="192"/>
        <source>Excel workbook (*.xlsx);;CSV file (*.csv)</source>
        <translation>Excel 工作簿 (*.xlsx);;CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_registry.py" line="204"/>
        <source>Import players into the registry</source>
        <translation>把选手导入选手库</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/players_registry.py" line="206"/>
        <source>Workbook or CSV (*.xlsx *.csv)</source>
        <translation>工作簿或 CSV (*.xlsx *.csv)</translation>
    </message>
</context>
<context>
    <name>RegistryModel</name>
    <message>
        <location filename="../../tournament_desk/gui/models/players_registry.py" line="66"/>
        <source>Name</source>
        <translation>姓名</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/players_registry.py" line="66"/>
        <source>Unit</source>
        <translation>单位</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/players_registry.py" line="66"/>
        <source>Ident</source>
        <translation>识别号</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/players_registry.py" line="66"/>
        <source>Also written</source>
        <translation>其他写法</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/players_registry.py" line="66"/>
        <source>Events</source>
        <translation>参加过的赛事</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/players_registry.py" line="85"/>
        <source>Likely the same person as {others}</source>
        <translation>可能与 {others} 是同一个人</translation>
    </message>
</context>
<context>
    <name>ResultsModel</name>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="152"/>
        <source>Table</source>
        <translation>桌号</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="152"/>
        <source>Home / NS</source>
        <translation>主队（南北）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="152"/>
        <source>Away / EW</source>
        <translation>客队（东西）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="152"/>
        <source>Home level</source>
        <translation>主队级数</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="152"/>
        <source>Away level</source>
        <translation>客队级数</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="152"/>
        <source>VP</source>
        <translation>标准分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="152"/>
        <source>MP</source>
        <translation>场分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="153"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="153"/>
        <source>From</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="206"/>
        <source>type the away level, then Enter</source>
        <translation>请输入客队级数，再按回车</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="207"/>
        <source>−{mp} MP {name}</source>
        <translation>{name} 扣 {mp} 场分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="216"/>
        <source>Locked: kept as it was when the round was re-paired.</source>
        <translation>已锁定：重新编排时保持不变。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="219"/>
        <source>{mp} MP deducted from {name} in this round.</source>
        <translation>本轮{name}被扣 {mp} 场分。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="249"/>
        <source>home</source>
        <translation>主队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="249"/>
        <source>away</source>
        <translation>客队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="249"/>
        <source>both sides</source>
        <translation>双方</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="251"/>
        <source>missing</source>
        <translation>未录入</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="252"/>
        <source>entered</source>
        <translation>已录入</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="253"/>
        <source>forfeit: {side}</source>
        <translation>弃权：{side}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="254"/>
        <source>late scoresheet: {side}</source>
        <translation>迟交记分表：{side}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="255"/>
        <source>loss by ruling: {side}</source>
        <translation>判负：{side}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="256"/>
        <source>annulled (withdrawal)</source>
        <translation>注销（退赛）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="292"/>
        <source>desk</source>
        <translation>录入台</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="292"/>
        <source>Entered at the desk.</source>
        <translation>在录入台录入。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="294"/>
        <source>table ✎</source>
        <translation>桌上 ✎</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="295"/>
        <source>Entered at the table by one side; the other side has not confirmed yet.</source>
        <translation>由一方在桌上录入；另一方尚未确认。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="297"/>
        <source>table ✓</source>
        <translation>桌上 ✓</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="297"/>
        <source>Entered at the table and confirmed by both sides.</source>
        <translation>在桌上录入，双方均已确认。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="299"/>
        <source>table ≠</source>
        <translation>桌上 ≠</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="300"/>
        <source>The two sides entered different results at the table: type the decided result (Ctrl+D: next dispute).</source>
        <translation>双方在桌上录入的成绩不一致：请录入裁定的成绩（Ctrl+D：下一处争议）。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/results.py" line="241"/>
        <source>Type the home level first.</source>
        <translation>请先输入主队级数。</translation>
    </message>
</context>
<context>
    <name>ResultsPage</name>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/levels.py" line="79"/>
        <source>Round</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/levels.py" line="79"/>
        <source>Round {n}</source>
        <translation>第 {n} 轮</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/levels.py" line="80"/>
        <source>Missing results only</source>
        <translation>只看未录入</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/levels.py" line="86"/>
        <source>Type the levels reached (2–10, J, Q, K, A, 过A); Enter moves on.</source>
        <translation>输入双方打到的级数（2–10、J、Q、K、A、过A），按回车进入下一格。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/levels.py" line="112"/>
        <source>Results</source>
        <translation>成绩</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/levels.py" line="169"/>
        <source>No round has been paired yet.</source>
        <translation>还没有编排任何一轮。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/levels.py" line="177"/>
        <source>Round {n} is not published yet: publish it on the Rounds page first.</source>
        <translation>第 {n} 轮尚未公布：请先在“编排”页公布。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/levels.py" line="201"/>
        <source>missing</source>
        <translation>未录入</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/levels.py" line="233"/>
        <source>Table {table}: the home level typed is taken back.</source>
        <translation>第 {table} 桌：已撤回输入的主队级数。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/levels.py" line="343"/>
        <source>Table {table}: {home} {hvp} VP {hmp} MP – {away} {avp} VP {amp} MP</source>
        <translation>第 {table} 桌：{home} 标准分 {hvp} 场分 {hmp} – {away} 标准分 {avp} 场分 {amp}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/levels.py" line="347"/>
        <source>Table {table} has no result.</source>
        <translation>第 {table} 桌没有成绩。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/levels.py" line="356"/>
        <source>Table {table} has no result to clear.</source>
        <translation>第 {table} 桌没有可清除的成绩。</translation>
    </message>
</context>
<context>
    <name>RoundModel</name>
    <message>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="111"/>
        <source>Group</source>
        <translation>组别</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="29"/>
        <source>Two entrants of one unit meet (the pairing found no other way, or a manual swap made it).</source>
        <translation>同单位的两队相遇（编排别无他法，或由人工对调造成）。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="32"/>
        <source>These two have met before (the pairing found no other way, or a manual swap made it).</source>
        <translation>这两队此前已交过手（编排别无他法，或由人工对调造成）。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="44"/>
        <source>{xmp} XMP</source>
        <translation>级分 {xmp}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="49"/>
        <source>annulled (withdrawal)</source>
        <translation>注销（退赛）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="50"/>
        <source>home</source>
        <translation>主队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="50"/>
        <source>away</source>
        <translation>客队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="50"/>
        <source>both</source>
        <translation>双方</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="52"/>
        <source>forfeit</source>
        <translation>弃权</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="53"/>
        <source>late scoresheet</source>
        <translation>迟交记分表</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="54"/>
        <source>loss by ruling</source>
        <translation>判负</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="56"/>
        <source>{kind} ({side})</source>
        <translation>{kind}（{side}）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="92"/>
        <source>rests (no score)</source>
        <translation>轮休（不计分）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="96"/>
        <source>bye: {mp} MP, {vp} VP</source>
        <translation>轮空：场分 {mp}，标准分 {vp}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="104"/>
        <source>Table</source>
        <translation>桌号</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="105"/>
        <source>Home / NS</source>
        <translation>主队（南北）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="106"/>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="108"/>
        <source>MP</source>
        <translation>场分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="107"/>
        <source>Away / EW</source>
        <translation>客队（东西）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="109"/>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="110"/>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="122"/>
        <source>Bye</source>
        <translation>轮空</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="125"/>
        <source>⚠ same unit</source>
        <translation>⚠ 同单位</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="125"/>
        <source>⚠ rematch</source>
        <translation>⚠ 重复相遇</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="127"/>
        <source>locked</source>
        <translation>已锁定</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="191"/>
        <source>Round</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="194"/>
        <source>Table {n}</source>
        <translation>第 {n} 桌</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="122"/>
        <location filename="../../tournament_desk/gui/models/rounds.py" line="193"/>
        <source>Rests</source>
        <translation>轮休</translation>
    </message>
</context>
<context>
    <name>RoundsPage</name>
    <message>
        <location filename="../../tournament_desk/gui/pages/rounds.py" line="82"/>
        <source>Round</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rounds.py" line="87"/>
        <source>Pair &amp;next round</source>
        <translation>编排下一轮(&amp;N)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rounds.py" line="89"/>
        <source>&amp;Swap the two selected entrants</source>
        <translation>交换所选两队(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rounds.py" line="91"/>
        <source>Loc&amp;k / unlock table</source>
        <translation>锁定/解锁桌次(&amp;K)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rounds.py" line="93"/>
        <source>&amp;Re-pair unlocked tables</source>
        <translation>重新编排未锁定桌次(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rounds.py" line="95"/>
        <source>P&amp;ublish</source>
        <translation>公布(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rounds.py" line="100"/>
        <source>Pairing…</source>
        <translation>正在编排…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rounds.py" line="123"/>
        <source>The whole schedule</source>
        <translation>全部赛程</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rounds.py" line="145"/>
        <source>Rounds</source>
        <translation>编排</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rounds.py" line="174"/>
        <source>Round {n}</source>
        <translation>第 {n} 轮</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rounds.py" line="206"/>
        <source>No round has been paired yet.</source>
        <translation>还没有编排任何一轮。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rounds.py" line="224"/>
        <source>Round {n} is published: {missing} of {count} tables still have no result.</source>
        <translation>第 {n} 轮已公布：{count} 桌中还有 {missing} 桌未录入成绩。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rounds.py" line="227"/>
        <source>Round {n}: every result is in.</source>
        <translation>第 {n} 轮：成绩已全部录入。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rounds.py" line="229"/>
        <source>Round {n} is a draft. {why}</source>
        <translation>第 {n} 轮是草稿。{why}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rounds.py" line="230"/>
        <source>Round {n} is a draft: swap, lock or re-pair tables, then publish it.</source>
        <translation>第 {n} 轮是草稿：可交换参赛队、锁定或重排桌次，然后公布。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rounds.py" line="286"/>
        <source>Select exactly two entrants (their name cells) to swap.</source>
        <translation>请选中恰好两个参赛队（点选其队名格）再交换。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rounds.py" line="288"/>
        <source>Round {round}: swap {first} and {second}</source>
        <translation>第 {round} 轮：交换{first}与{second}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rounds.py" line="291"/>
        <location filename="../../tournament_desk/gui/pages/rounds.py" line="299"/>
        <source>Swap entrants</source>
        <translation>交换参赛队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rounds.py" line="302"/>
        <source>Swap anyway? The audit trail records it as a manual exception.</source>
        <translation>仍要对调吗？操作记录会将其记为人工例外。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rounds.py" line="318"/>
        <source>Select a table to lock or unlock.</source>
        <translation>请选择要锁定或解锁的桌次。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rounds.py" line="321"/>
        <source>Unlock table {table}: {home} – {away}</source>
        <translation>解锁第 {table} 桌：{home} – {away}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rounds.py" line="322"/>
        <source>Lock table {table}: {home} – {away}</source>
        <translation>锁定第 {table} 桌：{home} – {away}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rounds.py" line="325"/>
        <source>Lock or unlock tables</source>
        <translation>锁定或解锁桌次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rounds.py" line="333"/>
        <source>Round {round}: pair every unlocked table again (locked tables stay).</source>
        <translation>第 {round} 轮：重新编排所有未锁定的桌次（锁定的桌次不变）。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rounds.py" line="336"/>
        <source>Re-pair the unlocked tables</source>
        <translation>重新编排未锁定的桌次</translation>
    </message>
</context>
<context>
    <name>RulesDialog</name>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="79"/>
        <source>Edit a copy of the rules</source>
        <translation>修改规则副本</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="83"/>
        <source>The event&apos;s own table (edited)</source>
        <translation>本赛事自定的升级表（已修改）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="101"/>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="132"/>
        <source> VP</source>
        <translation> 标准分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="105"/>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="108"/>
        <source>the forfeit award</source>
        <translation>弃权判给的分数</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="108"/>
        <source>the loss-by-ruling award</source>
        <translation>判负判给的分数</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="114"/>
        <source>By level difference: 3 / 2.5 / 2 / 1.5 (积分编排)</source>
        <translation>按级差：3 / 2.5 / 2 / 1.5（积分编排）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="115"/>
        <source>Win 3, draw 1, loss 0 (小组赛)</source>
        <translation>胜 3 平 1 负 0（小组赛）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="122"/>
        <source>a fixed number of VP</source>
        <translation>固定的标准分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="123"/>
        <source>its own average VP so far</source>
        <translation>其此前的平均标准分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="124"/>
        <source>20 minus the withdrawn side&apos;s average VP</source>
        <translation>20 减退出方的平均标准分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="142"/>
        <source>Optional: why (kept in the audit trail)</source>
        <translation>选填：修改原因（记入操作记录）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="144"/>
        <source>Level table</source>
        <translation>升级表</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="150"/>
        <source>&amp;Match points:</source>
        <translation>场分(&amp;M)：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="151"/>
        <source>&amp;Forfeit win:</source>
        <translation>对方弃权时得(&amp;F)：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="152"/>
        <source>&amp;Bye:</source>
        <translation>轮空(&amp;B)：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="153"/>
        <source>Loss by &amp;ruling, the opponent gets:</source>
        <translation>判负时对方得(&amp;R)：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="154"/>
        <source>&amp;Fixed award:</source>
        <translation>固定判给(&amp;X)：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="155"/>
        <source>&amp;Late arrival is a forfeit after:</source>
        <translation>迟到超过此时间按弃权(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="156"/>
        <source>A late arrival gives the opponent:</source>
        <translation>迟到时对方得：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="157"/>
        <source>&amp;Withdrawal (round robin), each later opponent gets:</source>
        <translation>中途退出（循环赛），其后各对手得(&amp;W)：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="158"/>
        <source>Fixed withdrawal award:</source>
        <translation>退出时固定判给：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="159"/>
        <source>&amp;Tiebreaks:</source>
        <translation>排名依据(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="160"/>
        <source>R&amp;eason:</source>
        <translation>原因(&amp;E)：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="167"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="233"/>
        <source>Duplicate boards</source>
        <translation>复式牌套</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="237"/>
        <source>Each room by the level table; XMP = open NS − closed NS</source>
        <translation>每室按升级表换算；级分 = 开室南北 − 闭室南北</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="240"/>
        <source>The rooms&apos; point difference by the conversion table</source>
        <translation>两室分差按级分换算表换算</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="247"/>
        <source>Point difference:levels, e.g. 20:1, 40:2, 60:3</source>
        <translation>分差:级数，例如 20:1, 40:2, 60:3</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="253"/>
        <source>&amp;Conversion:</source>
        <translation>换算方式(&amp;C)：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/rules_dialog.py" line="254"/>
        <source>Conversion &amp;table (级分换算表):</source>
        <translation>级分换算表(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>RulesPage</name>
    <message>
        <location filename="../../tournament_desk/gui/pages/rules.py" line="49"/>
        <source>&amp;Edit a copy…</source>
        <translation>修改副本(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rules.py" line="52"/>
        <source>Level table: defenders&apos; points → levels</source>
        <translation>升级表：防家得分 → 升级</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rules.py" line="56"/>
        <source>Scoring and ranking</source>
        <translation>计分与排名</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rules.py" line="69"/>
        <location filename="../../tournament_desk/gui/wizard.py" line="248"/>
        <source>Rules</source>
        <translation>规则</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rules.py" line="88"/>
        <source>{label}:</source>
        <translation>{label}：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rules.py" line="92"/>
        <source>The rules cannot change once round 1 has been paired.</source>
        <translation>第 1 轮编排后不能再修改规则。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/rules.py" line="95"/>
        <source>Change the level table, awards or late-arrival limit</source>
        <translation>修改升级表、判给的分数或迟到时限</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="249"/>
        <source>The level table (升级表) decides how far a side goes up after each deal.</source>
        <translation>升级表规定每副牌打完后哪一方升几级。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/wizard.py" line="260"/>
        <source>Scoring: level difference N → VP 10+N : 10−N (20:0 at most) and MP 3 / 2.5 / 2 / 1.5; forfeit 2.5 MP and 12 VP to the opponent. A copy can be edited before round 1.</source>
        <translation>计分：级差 N → 标准分 10+N : 10−N（最多 20:0），胜方场分 3 / 2.5 / 2 / 1.5；弃权时对方得 2.5 场分和 12 标准分。第 1 轮编排前可以修改规则副本。</translation>
    </message>
</context>
<context>
    <name>RulesText</name>
    <message>
        <location filename="../../tournament_desk/gui/models/rules_model.py" line="92"/>
        <source>Defenders&apos; points</source>
        <translation>防家得分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/rules_model.py" line="92"/>
        <source>Result</source>
        <translation>结果</translation>
    </message>
</context>
<context>
    <name>SeriesModel</name>
    <message>
        <location filename="../../tournament_desk/gui/series/model.py" line="60"/>
        <source>#{number}</source>
        <translation>第{number}站</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/model.py" line="67"/>
        <source>Rank</source>
        <translation>名次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/model.py" line="68"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/model.py" line="69"/>
        <source>Unit</source>
        <translation>单位</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/model.py" line="70"/>
        <source>Played</source>
        <translation>参赛</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/model.py" line="71"/>
        <source>Total</source>
        <translation>总分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/model.py" line="93"/>
        <source>Not counted: only the best {best} events count.</source>
        <translation>不计入：只取最好的 {best} 站成绩。</translation>
    </message>
</context>
<context>
    <name>SeriesWindow</name>
    <message>
        <location filename="../../tournament_desk/gui/series/window.py" line="70"/>
        <location filename="../../tournament_desk/gui/series/window.py" line="79"/>
        <source>Series and meets</source>
        <translation>系列赛与运动会</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/window.py" line="95"/>
        <source>New series…</source>
        <translation>新建系列赛…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/window.py" line="96"/>
        <source>Open series…</source>
        <translation>打开系列赛…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/window.py" line="97"/>
        <source>Add events…</source>
        <translation>加入赛事…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/window.py" line="99"/>
        <source>Read the events again</source>
        <translation>重新读取各站赛事</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/window.py" line="102"/>
        <source>Accept the events&apos; changes</source>
        <translation>接受各站赛事的变动</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/window.py" line="106"/>
        <source>Export:</source>
        <translation>导出：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/window.py" line="110"/>
        <source>PDF…</source>
        <translation>PDF…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/window.py" line="111"/>
        <source>Workbook…</source>
        <translation>Excel 工作簿…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/window.py" line="112"/>
        <source>Web page…</source>
        <translation>网页…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/window.py" line="113"/>
        <location filename="../../tournament_desk/gui/series/window.py" line="372"/>
        <source>Picture…</source>
        <translation>图片…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/window.py" line="116"/>
        <source>Copy as picture</source>
        <translation>复制为图片</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/window.py" line="160"/>
        <source>Merge the ticked</source>
        <translation>合并勾选的</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/window.py" line="166"/>
        <source>Events</source>
        <translation>各站赛事</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/window.py" line="168"/>
        <source>Likely the same (tick those that are, then merge):</source>
        <translation>可能是同一个（勾选确实相同的，再合并）：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/window.py" line="183"/>
        <source>Reading the events…</source>
        <translation>正在读取各站赛事…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/window.py" line="200"/>
        <source>No series open: create or open one.</source>
        <translation>没有打开的系列赛：请新建或打开一个。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/window.py" line="210"/>
        <source>Series and meets — {name}</source>
        <translation>系列赛与运动会 — {name}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/window.py" line="216"/>
        <source>No.</source>
        <translation>站</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/window.py" line="216"/>
        <source>Event</source>
        <translation>赛事</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/window.py" line="216"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/window.py" line="216"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/window.py" line="281"/>
        <source>Open series</source>
        <translation>打开系列赛</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/window.py" line="292"/>
        <source>Add events</source>
        <translation>加入赛事</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/window.py" line="292"/>
        <source>Tournament files (*.tdesk)</source>
        <translation>赛事文件 (*.tdesk)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/window.py" line="333"/>
        <source>Export the standings</source>
        <translation>导出总成绩</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/window.py" line="355"/>
        <source>Saved {files}</source>
        <translation>已保存 {files}</translation>
    </message>
</context>
<context>
    <name>SeriesWords</name>
    <message>
        <location filename="../../tournament_desk/gui/series/words.py" line="22"/>
        <source>Points by place: {points} (0 beyond).</source>
        <translation>名次积分：{points}（其后 0 分）。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/words.py" line="24"/>
        <source>The best {best} events count.</source>
        <translation>取最好的 {best} 站成绩。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/words.py" line="26"/>
        <source>Every event counts.</source>
        <translation>各站成绩全部计入。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/words.py" line="28"/>
        <source>Ranked from {count} events played.</source>
        <translation>至少参加 {count} 站方可排名。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/words.py" line="30"/>
        <source>Per unit: the units&apos; totals (a sports meet).</source>
        <translation>按单位计：各单位总分（运动会）。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/words.py" line="35"/>
        <source>Final</source>
        <translation>已完赛</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/words.py" line="37"/>
        <source>In progress (after round {round})</source>
        <translation>进行中（第 {round} 轮后）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/words.py" line="39"/>
        <source>Missing: not counted</source>
        <translation>文件缺失：未计入</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/words.py" line="41"/>
        <source>Cannot be read: not counted</source>
        <translation>无法读取：未计入</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/words.py" line="43"/>
        <source>; changed since it was added</source>
        <translation>；加入后成绩有变动</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/words.py" line="49"/>
        <source>#{number} {name} ({status})</source>
        <translation>第{number}站 {name}（{status}）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/words.py" line="57"/>
        <source>Not final or not counted: {events}.</source>
        <translation>未完赛或未计入：{events}。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/words.py" line="62"/>
        <source>{other} (events {other_events}) is {keep} (events {keep_events})</source>
        <translation>{other}（第 {other_events} 站）即 {keep}（第 {keep_events} 站）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/series/words.py" line="66"/>
        <source>{text}: the same players</source>
        <translation>{text}：选手是同一批人</translation>
    </message>
</context>
<context>
    <name>ServerDialog</name>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/server_dialog.py" line="85"/>
        <source>The event lives on a PostgreSQL server that every scoring desk reaches. Ask whoever set it up for these; the password is kept in this computer&apos;s keyring, not in the settings.</source>
        <translation>赛事数据存放在各记分台都能访问的 PostgreSQL 服务器上。以下信息请向架设服务器的人索取；密码保存在本机的密钥环中，而不是设置里。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/server_dialog.py" line="99"/>
        <source>Remember the password in the system keyring</source>
        <translation>在系统密钥环中记住密码</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/server_dialog.py" line="104"/>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/server_dialog.py" line="105"/>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/server_dialog.py" line="106"/>
        <source>Database</source>
        <translation>数据库</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/server_dialog.py" line="107"/>
        <source>User</source>
        <translation>用户名</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/server_dialog.py" line="108"/>
        <source>Password</source>
        <translation>密码</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/server_dialog.py" line="110"/>
        <source>Or a whole URL</source>
        <translation>或完整的 URL</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/server_dialog.py" line="139"/>
        <source>Give the server, the database and the user (or a whole URL).</source>
        <translation>请填写服务器、数据库和用户名（或完整的 URL）。</translation>
    </message>
</context>
<context>
    <name>SheetPreviewModel</name>
    <message>
        <location filename="../../tournament_desk/gui/models/import_preview.py" line="77"/>
        <source>Import / row</source>
        <translation>导入 / 行号</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/import_preview.py" line="77"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/import_preview.py" line="77"/>
        <source>Unit</source>
        <translation>单位</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/import_preview.py" line="77"/>
        <source>Players</source>
        <translation>队员</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/import_preview.py" line="77"/>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/import_preview.py" line="77"/>
        <source>Idents</source>
        <translation>识别号</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/import_preview.py" line="96"/>
        <source>Left out</source>
        <translation>不导入</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/import_preview.py" line="99"/>
        <source>Check: {warning}</source>
        <translation>请核对：{warning}</translation>
    </message>
</context>
<context>
    <name>SignupTemplate</name>
    <message>
        <location filename="../../tournament_desk/gui/signup_template.py" line="35"/>
        <source>sign-up sheet</source>
        <translation>报名表</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/signup_template.py" line="41"/>
        <source>Save the sign-up template</source>
        <translation>保存报名表模板</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/signup_template.py" line="41"/>
        <source>Excel workbook (*.xlsx)</source>
        <translation>Excel 工作簿 (*.xlsx)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/signup_template.py" line="60"/>
        <source>The template was not saved</source>
        <translation>模板未保存</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/signup_template.py" line="61"/>
        <source>It could not be written as {path}: {reason}. Choose another folder and try again.</source>
        <translation>无法写入 {path}：{reason}。请换一个文件夹再试。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/signup_template.py" line="68"/>
        <source>Sign-up template saved</source>
        <translation>报名表模板已保存</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/signup_template.py" line="69"/>
        <source>Saved as {path}.

Send it to the teams, or fill it in yourself: one row per team or pair with its name, unit and players. Then bring it in with Import… on the Entrants page.</source>
        <translation>已保存为 {path}。

可发给各队填写，也可自己填写：每队（对）一行，填队名、单位和队员。填好后在“参赛队”页用“导入…”读入。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/signup_template.py" line="79"/>
        <source>To collect the entrants: File ▸ Save sign-up template… gives the sheet that Import reads.</source>
        <translation>收集报名：文件 ▸ 保存报名表模板… 可得到“导入”所读的报名表。</translation>
    </message>
</context>
<context>
    <name>StaleEdit</name>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/stale.py" line="103"/>
        <source>home</source>
        <translation>主队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/stale.py" line="103"/>
        <source>away</source>
        <translation>客队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/stale.py" line="104"/>
        <source>{levels}, {side} on stage</source>
        <translation>{levels}，{side}在台上</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/stale.py" line="107"/>
        <source>no result</source>
        <translation>无成绩</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/stale.py" line="112"/>
        <source>Table {table}</source>
        <translation>第 {table} 桌</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/stale.py" line="153"/>
        <source>Changed at another station</source>
        <translation>已被其他录入台修改</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/stale.py" line="154"/>
        <source>{where} was changed at station {station} at {time}: {theirs}.
You typed {mine}.</source>
        <translation>{where}已被 {station} 于 {time} 改为 {theirs}。
你输入的是 {mine}。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/stale.py" line="159"/>
        <source>Keep theirs, or put yours in its place?</source>
        <translation>保留对方的，还是用你的替换？</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/stale.py" line="157"/>
        <source>Keep theirs</source>
        <translation>保留对方的</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/stale.py" line="157"/>
        <source>Put mine</source>
        <translation>用我的</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/stale.py" line="229"/>
        <source>{where} was changed at station {station} at {time}: {value}. What you are typing is kept; Enter asks whether to keep theirs or put yours.</source>
        <translation>{where}已被 {station} 于 {time} 改为 {value}。你正在输入的内容不变；按回车时会问你保留对方的还是用你的。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/stale.py" line="263"/>
        <source>{where}: station {station}&apos;s {theirs} is kept; {mine} was not stored.</source>
        <translation>{where}：保留 {station} 的 {theirs}；你输入的 {mine} 未保存。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/stale.py" line="266"/>
        <source>replaced station {station}&apos;s {theirs} ({time})</source>
        <translation>替换了 {station} 的 {theirs}（{time}）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/stale_boards.py" line="27"/>
        <source>open room</source>
        <translation>开室</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/stale_boards.py" line="27"/>
        <source>closed room</source>
        <translation>闭室</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/stale_boards.py" line="28"/>
        <source>Table {table}, board {board}, {room}</source>
        <translation>第 {table} 桌第 {board} 副（{room}）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/stale_boards.py" line="35"/>
        <location filename="../../tournament_desk/gui/pages/entry/stale_boards.py" line="49"/>
        <source>nothing entered</source>
        <translation>未录入</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/stale_boards.py" line="43"/>
        <source>Round {round}, table {table}, board {board}</source>
        <translation>第 {round} 轮第 {table} 桌第 {board} 副</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/stale_boards.py" line="50"/>
        <source>NS</source>
        <translation>南北</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/stale_boards.py" line="50"/>
        <source>EW</source>
        <translation>东西</translation>
    </message>
</context>
<context>
    <name>StandingsPage</name>
    <message>
        <location filename="../../tournament_desk/gui/pages/standings.py" line="53"/>
        <source>0 (before round 1)</source>
        <translation>0（第 1 轮前）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/standings.py" line="70"/>
        <source>Standings after &amp;round:</source>
        <translation>名次截至轮次(&amp;R)：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/standings.py" line="82"/>
        <source>Standings</source>
        <translation>名次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/standings.py" line="128"/>
        <source>No round has been played yet.</source>
        <translation>还没有进行任何一轮。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/standings.py" line="130"/>
        <source>Every result up to round {round} is in.</source>
        <translation>第 {round} 轮及之前的成绩已全部录入。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/standings.py" line="133"/>
        <source>Results are still missing in round(s) {rounds}: these standings are provisional.</source>
        <translation>第 {rounds} 轮仍有成绩未录入：当前名次仅供参考。</translation>
    </message>
</context>
<context>
    <name>StandingsTableModel</name>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="26"/>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="118"/>
        <source>MP</source>
        <translation>场分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="27"/>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="119"/>
        <source>VP</source>
        <translation>标准分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="28"/>
        <source>opponents&apos; score</source>
        <translation>对手分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="29"/>
        <source>points</source>
        <translation>积分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="30"/>
        <source>head-to-head VP among the tied</source>
        <translation>同分队之间的相互间标准分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="31"/>
        <source>head-to-head points among the tied</source>
        <translation>同分队之间的相互间积分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="32"/>
        <source>level difference</source>
        <translation>级差</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="33"/>
        <source>game ratio (games won ÷ lost)</source>
        <translation>得失局率（胜局 ÷ 负局）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="34"/>
        <source>the lot drawn</source>
        <translation>抽签（摸牌）结果</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="35"/>
        <source>the place</source>
        <translation>名次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="55"/>
        <source>Separated from {name} by {tiebreak} ({above} vs {value})</source>
        <translation>{tiebreak}低于 {name}（{above} 比 {value}）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="62"/>
        <source>Shares the rank of {name}: equal on every tiebreak</source>
        <translation>与 {name} 名次并列：各项比较均相同</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="115"/>
        <source>Rank</source>
        <translation>名次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="116"/>
        <source>Name</source>
        <translation>队名</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="117"/>
        <source>Unit</source>
        <translation>单位</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="120"/>
        <source>Opp.</source>
        <translation>对手分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="121"/>
        <source>Points</source>
        <translation>积分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="122"/>
        <source>H2H</source>
        <translation>相互间</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="123"/>
        <source>Level diff.</source>
        <translation>级差</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="124"/>
        <source>Won</source>
        <translation>胜局</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="125"/>
        <source>Lost</source>
        <translation>负局</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="126"/>
        <source>Ratio</source>
        <translation>得失局率</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="127"/>
        <source>Played</source>
        <translation>已赛</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="128"/>
        <source>Deducted</source>
        <translation>扣分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="129"/>
        <source>XMP</source>
        <translation>级分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="130"/>
        <source>Direction</source>
        <translation>方向</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="131"/>
        <source>Score</source>
        <translation>比赛分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="132"/>
        <source>Place</source>
        <translation>名次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="136"/>
        <source>Match points, after deductions</source>
        <translation>场分（已减去扣分）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="137"/>
        <source>Victory points</source>
        <translation>标准分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="138"/>
        <source>Opponents&apos; score: the match points of every opponent met</source>
        <translation>对手分：所遇各对手的场分之和</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="139"/>
        <source>Win 3, draw 1, loss 0, after deductions</source>
        <translation>胜 3 平 1 负 0，已扣除罚分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="140"/>
        <source>Head-to-head: what it scored against the entrants tied with it</source>
        <translation>相互间：与同分各队之间比赛的得分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="141"/>
        <source>Levels won minus levels lost over all its matches</source>
        <translation>全部比赛赢得的级数减去输掉的级数</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="142"/>
        <source>Pair games won over all its team matches (胜局)</source>
        <translation>全部团体赛中赢得的对局数（胜局）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="143"/>
        <source>Pair games lost over all its team matches (负局)</source>
        <translation>全部团体赛中输掉的对局数（负局）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="144"/>
        <source>Game ratio (得失局率): pair games won ÷ lost; ∞ when it lost none</source>
        <translation>得失局率：胜局 ÷ 负局；一局未负时为 ∞</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="145"/>
        <source>Match points deducted for discipline</source>
        <translation>因违纪被扣的场分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="146"/>
        <source>Levels won on the duplicate boards (shown, not a tiebreak)</source>
        <translation>复式各副牌所得级分合计（仅供参考，不作排名依据）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="147"/>
        <source>North-South and East-West are ranked separately (Mitchell)</source>
        <translation>南北与东西分别排名（米切尔）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="148"/>
        <source>The place won: a shared place (5–8) for those out in the same knockout round</source>
        <translation>所得名次：同一轮淘汰出局者并列（如 5–8）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="151"/>
        <source>Match points over the boards (2 per result beaten, 1 per tie), after deductions</source>
        <translation>各副牌比赛分之和（每胜过一个成绩 2 分，持平 1 分），已减去扣分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="171"/>
        <source>NS</source>
        <translation>南北</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="171"/>
        <source>EW</source>
        <translation>东西</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/standings_model.py" line="179"/>
        <source>Withdrawn</source>
        <translation>已退赛</translation>
    </message>
</context>
<context>
    <name>StartPage</name>
    <message>
        <location filename="../../tournament_desk/gui/start.py" line="30"/>
        <source>Tournament Desk</source>
        <translation>赛事编排台</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/start.py" line="38"/>
        <source>Run a Shengji (升级 / 80 分) tournament: registration, pairing, results, standings.</source>
        <translation>组织升级（80 分）比赛：报名、编排、成绩、名次。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/start.py" line="45"/>
        <source>New tournament…</source>
        <translation>新建比赛…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/start.py" line="46"/>
        <source>Open a tournament file…</source>
        <translation>打开比赛文件…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/start.py" line="47"/>
        <source>Open the demo tournament</source>
        <translation>打开演示比赛</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/start.py" line="57"/>
        <source>Recent tournaments</source>
        <translation>最近的比赛</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/start.py" line="74"/>
        <source>No tournament opened yet.</source>
        <translation>还没有打开过比赛。</translation>
    </message>
</context>
<context>
    <name>TableActions</name>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/table_actions.py" line="85"/>
        <source>Forfeit</source>
        <translation>弃权</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/table_actions.py" line="53"/>
        <location filename="../../tournament_desk/gui/pages/entry/table_actions.py" line="86"/>
        <source>both sides</source>
        <translation>双方</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/table_actions.py" line="52"/>
        <source>&amp;Forfeit</source>
        <translation>弃权(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/table_actions.py" line="55"/>
        <source>Loss by &amp;ruling</source>
        <translation>判负(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/table_actions.py" line="58"/>
        <source>&amp;Late scoresheet</source>
        <translation>迟交记分表(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/table_actions.py" line="61"/>
        <source>&amp;Deduct 0.5 MP</source>
        <translation>扣 0.5 场分(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/table_actions.py" line="66"/>
        <source>&amp;Clear the result (Delete)</source>
        <translation>清除成绩(&amp;C)（Delete）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/table_actions.py" line="85"/>
        <source>Loss by ruling</source>
        <translation>判负</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/table_actions.py" line="85"/>
        <source>Late scoresheet</source>
        <translation>迟交记分表</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/table_actions.py" line="109"/>
        <source>Deduct 0.5 MP</source>
        <translation>扣 0.5 场分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/table_actions.py" line="88"/>
        <source>Forfeit by {who}</source>
        <translation>弃权：{who}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/table_actions.py" line="89"/>
        <source>Loss by ruling for {who}</source>
        <translation>判负：{who}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/table_actions.py" line="90"/>
        <source>Late scoresheet by {who}</source>
        <translation>迟交记分表：{who}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/table_actions.py" line="92"/>
        <source>Round {round}, table {table}: {home} – {away}</source>
        <translation>第 {round} 轮第 {table} 桌：{home} – {away}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/table_actions.py" line="108"/>
        <source>Round {round}: deduct 0.5 MP from {name}</source>
        <translation>第 {round} 轮：{name}扣 0.5 场分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/table_actions.py" line="113"/>
        <source>A deduction needs a reason.</source>
        <translation>扣分必须注明原因。</translation>
    </message>
</context>
<context>
    <name>TeamMatchModel</name>
    <message>
        <location filename="../../tournament_desk/gui/models/team_match.py" line="64"/>
        <location filename="../../tournament_desk/gui/models/team_match.py" line="383"/>
        <source>absent</source>
        <translation>缺席</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/team_match.py" line="80"/>
        <source>home</source>
        <translation>主队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/team_match.py" line="82"/>
        <source>away</source>
        <translation>客队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/team_match.py" line="305"/>
        <source>Board</source>
        <translation>台</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/team_match.py" line="305"/>
        <source>Home pair</source>
        <translation>主队对</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/team_match.py" line="305"/>
        <source>Away pair</source>
        <translation>客队对</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/team_match.py" line="305"/>
        <source>Home level</source>
        <translation>主队级数</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/team_match.py" line="305"/>
        <source>Away level</source>
        <translation>客队级数</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/team_match.py" line="306"/>
        <source>Declarer (庄家)</source>
        <translation>庄家</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/team_match.py" line="306"/>
        <source>Won by</source>
        <translation>胜方</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/team_match.py" line="309"/>
        <source>The level the home pair reached (2–10, J, Q, K, A, 过A); 缺 if it did not show</source>
        <translation>主队一对打到的级数（2–10、J、Q、K、A、过A）；未到场输入“缺”</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/team_match.py" line="310"/>
        <source>The level the away pair reached (2–10, J, Q, K, A, 过A); 缺 if it did not show</source>
        <translation>客队一对打到的级数（2–10、J、Q、K、A、过A）；未到场输入“缺”</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/team_match.py" line="311"/>
        <source>Asked only on equal levels: the pair declaring when time was called wins (h = home, a = away)</source>
        <translation>仅在级数相同时填写：终局时坐庄的一对获胜（h/主 = 主队，a/客 = 客队）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/team_match.py" line="89"/>
        <source>h / a ?</source>
        <translation>主 / 客？</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/team_match.py" line="396"/>
        <source>nobody</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/team_matches.py" line="86"/>
        <source>Table</source>
        <translation>桌</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/team_matches.py" line="86"/>
        <source>Home</source>
        <translation>主队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/team_matches.py" line="86"/>
        <source>Away</source>
        <translation>客队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/team_matches.py" line="86"/>
        <source>Games</source>
        <translation>局分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/team_matches.py" line="86"/>
        <source>Points</source>
        <translation>积分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/team_matches.py" line="86"/>
        <source>From</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/team_matches.py" line="87"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/team_matches.py" line="124"/>
        <source>−{points} points {name}</source>
        <translation>{name} 扣 {points} 分</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/models/team_matches.py" line="133"/>
        <source>{count} of {pairs} games missing</source>
        <translation>{pairs} 局中缺 {count} 局</translation>
    </message>
</context>
<context>
    <name>TeamMatchPage</name>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match.py" line="63"/>
        <source>Round</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match.py" line="63"/>
        <source>Round {n}</source>
        <translation>第 {n} 轮</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match.py" line="64"/>
        <source>Line-up…</source>
        <translation>出场名单…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match.py" line="67"/>
        <source>Which pair of each team plays at which board (before the games)</source>
        <translation>每队哪一对在哪一台出场（须在录入对局前设定）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match.py" line="73"/>
        <source>Type each board&apos;s levels, home then away (缺: the pair did not show); equal levels ask the declarer (庄家). Enter moves on.</source>
        <translation>逐台输入级数，先主队后客队（“缺”：该对未到场）；级数相同时再输入庄家。回车进入下一格。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match.py" line="112"/>
        <source>Team matches</source>
        <translation>团体赛</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match.py" line="159"/>
        <source>No round has been paired yet.</source>
        <translation>还没有编排任何一轮。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match.py" line="206"/>
        <source>absent</source>
        <translation>缺席</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match.py" line="208"/>
        <source>Table {table}: {home} (home) – {away}, {pairs} pair games</source>
        <translation>第 {table} 桌：{home}（主队）– {away}，共 {pairs} 局</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match.py" line="218"/>
        <source>{home} {h} : {a} {away} in pair games · the match: {state}</source>
        <translation>{home} {h} : {a} {away}（局分）· 本场：{state}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match.py" line="222"/>
        <source>{home} {h} : {a} {away} · points {hp} : {ap}</source>
        <translation>{home} {h} : {a} {away} · 积分 {hp} : {ap}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match.py" line="226"/>
        <source>{home} {h} : {a} {away} so far · {left} to type</source>
        <translation>{home} {h} : {a} {away}（目前）· 还有 {left} 局待录</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match.py" line="229"/>
        <source>{team} has won the match</source>
        <translation>{team} 已锁定本场胜利</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match.py" line="328"/>
        <source>Table {table}: {home} {h} : {a} {away} in pair games, points {hp} : {ap}.</source>
        <translation>第 {table} 桌：{home} {h} : {a} {away}（局分），积分 {hp} : {ap}。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match.py" line="332"/>
        <source>Table {table}: {home} {h} : {a} {away}; {count} games still to type.</source>
        <translation>第 {table} 桌：{home} {h} : {a} {away}；还有 {count} 局待录。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match.py" line="337"/>
        <source>Table {table}: {state}.</source>
        <translation>第 {table} 桌：{state}。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match.py" line="346"/>
        <source>Board {board}: the level typed is taken back.</source>
        <translation>第 {board} 台：刚输入的级数已撤回。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match_actions.py" line="54"/>
        <location filename="../../tournament_desk/gui/pages/entry/team_match_actions.py" line="55"/>
        <source>The pair of {team} did not show</source>
        <translation>{team} 的一对未到场</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match_actions.py" line="56"/>
        <source>Neither pair showed</source>
        <translation>双方均未到场</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match_actions.py" line="60"/>
        <source>Clear this game (Delete)</source>
        <translation>清除本局（Delete）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match_actions.py" line="104"/>
        <source>Table {table}: the line-up is stored.</source>
        <translation>第 {table} 桌：出场名单已保存。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match_typing.py" line="49"/>
        <source>h = home, a = away</source>
        <translation>h/主 = 主队，a/客 = 客队</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match_typing.py" line="50"/>
        <source>9, J, 过A or 缺</source>
        <translation>9、J、过A 或 缺</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match_typing.py" line="56"/>
        <source>The levels are equal: type h (主) if the home pair declared, a (客) if the away pair did.</source>
        <translation>级数相同：主队坐庄输入 h（主），客队坐庄输入 a（客）。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match_typing.py" line="63"/>
        <source>Table {table}, board {board}</source>
        <translation>第 {table} 桌第 {board} 台</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match_typing.py" line="69"/>
        <location filename="../../tournament_desk/gui/pages/entry/team_match_typing.py" line="75"/>
        <source>nothing entered</source>
        <translation>未录入</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match_typing.py" line="71"/>
        <source>both pairs absent</source>
        <translation>双方均缺席</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match_typing.py" line="73"/>
        <source>the pair of {team} absent</source>
        <translation>{team} 的一对缺席</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match_typing.py" line="78"/>
        <source>{levels}, {team} declaring</source>
        <translation>{levels}，{team} 坐庄</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match_typing.py" line="144"/>
        <source>Type the home level first.</source>
        <translation>请先输入主队级数。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match_typing.py" line="157"/>
        <source>Equal levels: type h if the home pair declared (庄家), a if the away pair did.</source>
        <translation>级数相同：主队坐庄（庄家）输入 h，客队坐庄输入 a。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/entry/team_match_typing.py" line="225"/>
        <source>Board {board} has no result to clear.</source>
        <translation>第 {board} 台没有可清除的结果。</translation>
    </message>
</context>
<context>
    <name>UndoControls</name>
    <message>
        <location filename="../../tournament_desk/gui/pages/undo.py" line="122"/>
        <source>Undo: {step}</source>
        <translation>撤销：{step}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/undo.py" line="123"/>
        <source>Redo: {step}</source>
        <translation>重做：{step}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/undo.py" line="139"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/pages/undo.py" line="141"/>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
</context>
<context>
    <name>WindowBase</name>
    <message>
        <location filename="../../tournament_desk/gui/window/base.py" line="92"/>
        <source>Tournament Desk</source>
        <translation>赛事编排台</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/base.py" line="125"/>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/base.py" line="126"/>
        <source>round {n}: {count}</source>
        <translation>第 {n} 轮 {count} 桌</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/base.py" line="128"/>
        <source>Results missing — {rounds}</source>
        <translation>未录入成绩 — {rounds}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/base.py" line="131"/>
        <source>Every result is in</source>
        <translation>成绩已全部录入</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/base.py" line="139"/>
        <source>round {round} table {table}</source>
        <translation>第 {round} 轮第 {table} 桌</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/base.py" line="141"/>
        <source>round {round}</source>
        <translation>第 {round} 轮</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/base.py" line="142"/>
        <source>Changed at station {station} at {time}: {what} {where}</source>
        <translation>{station} 在 {time} 修改：{what} {where}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/base.py" line="146"/>
        <source>(and {count} more changes)</source>
        <translation>（另有 {count} 处修改）</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/base.py" line="211"/>
        <source>Version {version}</source>
        <translation>版本 {version}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/base.py" line="213"/>
        <source>Runs Shengji (升级 / 80 分) card tournaments: entrants, pairings, results and standings.</source>
        <translation>升级（80 分）扑克比赛的报名、编排、记分与名次。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/base.py" line="215"/>
        <source>Licence: proprietary. Uses Qt {qt} and PySide6 {pyside} under the GNU LGPL v3.</source>
        <translation>许可：专有软件。使用 Qt {qt} 与 PySide6 {pyside}（GNU LGPL v3 许可）。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/base.py" line="218"/>
        <source>Chinese font: WenQuanYi Micro Hei (文泉驿微米黑), Apache License 2.0.</source>
        <translation>中文字体：文泉驿微米黑（WenQuanYi Micro Hei），Apache License 2.0 许可。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/base.py" line="220"/>
        <source>PDFs are made with ReportLab (BSD licence) and printed through pdfium with pypdfium2 (Apache License 2.0 / BSD-3-Clause).</source>
        <translation>PDF 由 ReportLab（BSD 许可）生成，打印时经 pypdfium2 调用 pdfium（Apache License 2.0 / BSD-3-Clause）。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/base.py" line="223"/>
        <source>New tournaments: {folder}</source>
        <translation>新比赛文件夹：{folder}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/base.py" line="224"/>
        <source>Automatic backups: {folder}</source>
        <translation>自动备份：{folder}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/base.py" line="225"/>
        <source>Crash log: {path}</source>
        <translation>错误日志：{path}</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/base.py" line="250"/>
        <source>About Tournament Desk</source>
        <translation>关于赛事编排台</translation>
    </message>
</context>
<context>
    <name>WindowMenus</name>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="60"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="72"/>
        <source>&amp;New tournament…</source>
        <translation>新建比赛(&amp;N)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="73"/>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="74"/>
        <source>Open the &amp;demo tournament</source>
        <translation>打开演示比赛(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="75"/>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="81"/>
        <source>Save &amp;sign-up template…</source>
        <translation>保存报名表模板(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="84"/>
        <source>Series and &amp;meets…</source>
        <translation>系列赛与运动会(&amp;M)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="86"/>
        <source>&amp;Players&apos; registry…</source>
        <translation>选手库(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="89"/>
        <source>&amp;Backups…</source>
        <translation>备份(&amp;B)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="93"/>
        <source>Connect to a &amp;server…</source>
        <translation>连接服务器(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="98"/>
        <source>&amp;Move this event to a server…</source>
        <translation>把赛事迁移到服务器(&amp;M)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="103"/>
        <source>Move this event back to a &amp;file…</source>
        <translation>把赛事迁回文件(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="108"/>
        <source>&amp;Close tournament</source>
        <translation>关闭比赛(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="111"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="61"/>
        <source>&amp;Print / Export</source>
        <translation>打印/导出(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="120"/>
        <source>&amp;Print…</source>
        <translation>打印(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="125"/>
        <source>Pairing sheet of a round (PDF)…</source>
        <translation>对阵表（PDF）…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="126"/>
        <source>Scoresheets of a round (PDF)…</source>
        <translation>记分表（PDF）…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="127"/>
        <source>Standings (PDF)…</source>
        <translation>名次表（PDF）…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="128"/>
        <source>Final ranking (PDF)…</source>
        <translation>最终名次（PDF）…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="129"/>
        <source>Cross-table (PDF)…</source>
        <translation>交叉表（PDF）…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="130"/>
        <source>Certificates (PDF)…</source>
        <translation>荣誉证书（PDF）…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="132"/>
        <source>The whole event as an Excel workbook…</source>
        <translation>全部比赛数据（Excel 工作簿）…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="63"/>
        <source>&amp;Go</source>
        <translation>转到(&amp;G)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="147"/>
        <source>&amp;Find a team…</source>
        <translation>查找队伍(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="149"/>
        <source>&amp;Next page</source>
        <translation>下一页(&amp;N)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="151"/>
        <source>&amp;Previous page</source>
        <translation>上一页(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="65"/>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="66"/>
        <source>&amp;Live results (phones, clock, projector)…</source>
        <translation>现场发布（手机、计时、投影）(&amp;L)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="68"/>
        <source>&amp;Language</source>
        <translation>&amp;Language</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="69"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="139"/>
        <source>Copy standings as picture</source>
        <translation>复制名次为图片</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="140"/>
        <source>Copy as picture…</source>
        <translation>复制为图片…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="141"/>
        <source>Save picture…</source>
        <translation>保存图片…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="166"/>
        <source>&amp;Help for this page</source>
        <translation>本页帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="171"/>
        <source>&amp;Log to send…</source>
        <translation>要发送的日志(&amp;L)…</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/window/menus.py" line="172"/>
        <source>&amp;About Tournament Desk</source>
        <translation>关于赛事编排台(&amp;A)</translation>
    </message>
</context>
<context>
    <name>WithdrawDialog</name>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/withdraw_dialog.py" line="30"/>
        <source>Withdraw an entrant</source>
        <translation>参赛队退赛</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/withdraw_dialog.py" line="42"/>
        <source>After its last result</source>
        <translation>最后一场成绩之后</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/withdraw_dialog.py" line="45"/>
        <source>The last round the entrant counts in; it is not paired in any later round.</source>
        <translation>该队计入成绩的最后一轮；之后各轮不再为它编排。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/withdraw_dialog.py" line="51"/>
        <source>Results already played stand. A table the entrant already has in a later round becomes a forfeit, with the forfeit award to its opponent.</source>
        <translation>已赛成绩保留。该队在之后轮次已编排的桌按其弃权处理，对手获得弃权判给的分数。</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/withdraw_dialog.py" line="58"/>
        <source>&amp;Entrant:</source>
        <translation>参赛队(&amp;E)：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/withdraw_dialog.py" line="59"/>
        <source>Withdrawn &amp;after round:</source>
        <translation>在第几轮后退赛(&amp;A)：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/withdraw_dialog.py" line="60"/>
        <source>&amp;Reason:</source>
        <translation>原因(&amp;R)：</translation>
    </message>
    <message>
        <location filename="../../tournament_desk/gui/dialogs/withdraw_dialog.py" line="65"/>
        <source>Withdraw</source>
        <translation>退赛</translation>
    </message>
</context>
</TS>
