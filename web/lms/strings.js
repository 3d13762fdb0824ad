// What the teacher view says about the LMS (web/lms/launch.js writes it into each page's footer;
// students do not see it). `p` is the failed call as the LMS reported it (API function, element,
// error code and text), `v` the SCORM version.
export const LMS_STRINGS = {
  'zh-CN': {
    none: '学习平台：没有找到 SCORM 接口（课程包不在学习平台里运行），进度只保存在这个浏览器里。',
    /** @param {string} p */
    refused: (p) => `学习平台：平台没有开始本次学习（${p}），进度只保存在这个浏览器里。`,
    /** @param {string} p */
    unread: (p) =>
      `学习平台：读不到平台保存的进度（${p}）。平台上的记录保持原样，不写入；进度只保存在这个浏览器里。`,
    /** @param {string} v */
    ok: (v) => `学习平台（SCORM ${v}）：进度、完成情况和测验成绩已报告给平台。`,
    /** @param {string} p */
    unsaved: (p) =>
      `学习平台：最近一次保存没有成功（${p}）。进度保存在这个浏览器里，下次有变化时会再发送。`,
    replaced: '平台保存的进度不是本课程的格式，已换成这个浏览器里的进度。',
    newer: '平台保存的进度来自更新版本的课程包：只读取，不覆盖。',
    /** @param {number} n @param {string} v */
    compacted: (n, v) => `进度超出 SCORM ${v} 的长度上限：有 ${n} 条记录只保存在这个浏览器里。`,
  },
  en: {
    none: 'LMS: no SCORM API found (the package is not running in an LMS); progress is kept in this browser only.',
    /** @param {string} p */
    refused: (p) =>
      `LMS: the LMS did not start the session (${p}); progress is kept in this browser only.`,
    /** @param {string} p */
    unread: (p) =>
      `LMS: the progress the LMS saved could not be read (${p}). It is left as the LMS has it and nothing is written; progress is kept in this browser only.`,
    /** @param {string} v */
    ok: (v) => `LMS (SCORM ${v}): progress, completion and the quiz score are reported to the LMS.`,
    /** @param {string} p */
    unsaved: (p) =>
      `LMS: the last save did not go through (${p}). Progress is kept in this browser and sent again at the next change.`,
    replaced:
      'The progress the LMS had saved was not in this course’s format; it is replaced by this browser’s.',
    newer:
      'The progress the LMS saved comes from a newer version of the package: read, not written over.',
    /** @param {number} n @param {string} v */
    compacted: (n, v) =>
      `The progress is over SCORM ${v}’s size limit: ${n} ${n === 1 ? 'record is' : 'records are'} kept in this browser only.`,
  },
};
