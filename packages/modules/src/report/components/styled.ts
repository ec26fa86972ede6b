import { styled } from 'styled-components';
import { themeOf } from '@examkit/ui';

export { Spacer } from '../../common/styled';

/** The frame of a report page; print CSS keeps only the report itself. */
export const ReportBox = styled.section`
  padding: 16px 0 32px;
  color: ${(p) => themeOf(p).colors.text};
  font-family: ${(p) => themeOf(p).font.family};
  font-size: ${(p) => themeOf(p).font.size.medium};
  h1 {
    margin: 0 0 4px;
    font-size: 20px;
  }
  h2 {
    margin: 24px 0 12px;
    font-size: 16px;
  }
  h3 {
    margin: 16px 0 8px;
    font-size: 14px;
  }
  @media screen {
    &[data-print] {
      padding: 24px 32px;
    }
  }
  @media print {
    padding: 0;
    font-size: 12px;
    [data-noprint] {
      display: none !important;
    }
  }
`;

export const Meta = styled.p`
  margin: 0 0 12px;
  color: ${(p) => themeOf(p).colors.textSecondary};
`;

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin: 12px 0 16px;
  label {
    display: inline-flex;
    align-items: center;
    gap: 6px;
  }
  input {
    width: 72px;
    font: inherit;
  }
  select {
    width: auto;
    min-width: 140px;
  }
`;

export const TableWrap = styled.div`
  overflow-x: auto;
  margin-bottom: 16px;
  @media print {
    overflow: visible;
  }
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  background: ${(p) => themeOf(p).colors.surface};
  caption {
    caption-side: top;
    text-align: left;
    font-weight: 600;
    padding: 8px 0;
  }
  th,
  td {
    padding: 6px 10px;
    border: 1px solid ${(p) => themeOf(p).colors.border};
    text-align: left;
    white-space: nowrap;
  }
  td[data-wrap] {
    white-space: normal;
    min-width: 16em;
  }
  td[data-num] {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  th {
    background: ${(p) => themeOf(p).colors.background};
    font-weight: 600;
  }
  @media print {
    thead {
      display: table-header-group;
    }
    tr {
      break-inside: avoid;
    }
  }
`;

export const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(420px, 1fr));
  gap: 16px;
  margin-bottom: 16px;
`;

export const ErrorBox = styled.div`
  margin: 16px 0;
  padding: 12px 16px;
  border: 1px solid ${(p) => themeOf(p).colors.danger};
  color: ${(p) => themeOf(p).colors.danger};
  border-radius: 4px;
`;

export const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: 12px;
  margin: 0 0 16px;
  div {
    padding: 12px;
    border: 1px solid ${(p) => themeOf(p).colors.border};
    border-radius: 4px;
  }
  dt {
    color: ${(p) => themeOf(p).colors.textSecondary};
  }
  dd {
    margin: 4px 0 0;
    font-size: 20px;
    font-weight: 600;
  }
`;
