// Where a model comes from: the course's own (one button), or the student's: two buttons (files,
// a folder) for hidden file inputs and a drop zone around them that takes a dropped folder or
// files.
/** @import { ModelFile } from '../../../web/model-files/file-source.js' */
/** @import { Translate } from '../strings.js' */
import { h } from '../../../web/dom.js';
import { fileListSources, droppedSources } from '../../../web/model-files/file-source.js';

/**
 * The course's own model: a line on what it is and its button.
 * @param {Translate} t the widget's strings
 * @param {() => void} onOpen
 */
export function courseModelButton(t, onOpen) {
  return h('div', { class: 'course-model' }, [
    h('p', {}, t('courseModelIntro')),
    h('button', { type: 'button', 'data-role': 'course-model', onclick: onOpen }, t('courseModel')),
  ]);
}

/**
 * The drop zone with its two pickers; `onFiles` gets what was picked or dropped.
 * @param {Translate} t the widget's strings
 * @param {(files: ModelFile[]) => void} onFiles
 */
export function dropZone(t, onFiles) {
  const filesInput = hiddenFileInput(false, () => onFiles(picked(filesInput)));
  const folderInput = hiddenFileInput(true, () => onFiles(picked(folderInput)));
  const drop = h(
    'div',
    {
      class: 'drop',
      ondragover: (/** @type {DragEvent} */ e) => {
        e.preventDefault();
        drop.classList.add('over');
      },
      ondragleave: () => drop.classList.remove('over'),
      ondrop: (/** @type {DragEvent} */ e) => {
        e.preventDefault();
        drop.classList.remove('over');
        if (e.dataTransfer) droppedSources(e.dataTransfer).then(onFiles);
      },
    },
    [
      h('div', { class: 'row pickers' }, [
        h(
          'button',
          { type: 'button', class: 'pick-files', onclick: () => filesInput.click() },
          t('pickFiles'),
        ),
        h(
          'button',
          { type: 'button', class: 'pick-folder', onclick: () => folderInput.click() },
          t('pickFolder'),
        ),
      ]),
      h('p', { class: 'muted' }, t('drop')),
      filesInput,
      folderInput,
    ],
  );
  return drop;
}

/**
 * A file input the buttons open (out of the tab order: the button is the control).
 * @param {boolean} folder a folder picker (webkitdirectory) rather than a files picker
 * @param {() => void} onchange
 */
function hiddenFileInput(folder, onchange) {
  return h('input', {
    type: 'file',
    multiple: true,
    webkitdirectory: folder,
    class: 'visually-hidden',
    tabindex: '-1',
    'aria-hidden': 'true',
    onchange,
  });
}

/**
 * The files an input holds, the input then emptied so that picking the same files again (after
 * fixing one) fires `change` again.
 * @param {HTMLInputElement} input
 */
function picked(input) {
  const files = fileListSources(input.files ?? []);
  input.value = '';
  return files;
}
